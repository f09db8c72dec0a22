import type {
  ResolveResponse,
  ShortLinkAnalytics,
  TinyInstantResponse,
} from '@sealdrop/core/api-schemas';
import { isAppError } from '../../shared/errors';
import { isExpired } from '../../shared/file-liveness';
import { generateShortCode } from '../../shared/ids';
import { shortUrl } from '../../shared/links';
import type { FileDownloadsRepository } from '../files/file-downloads.repository';
import { uploadDidNotFinish } from '../files/files.errors';
import type { FilesRepository } from '../files/files.repository';
import { findLiveFile } from '../files/files.usecases';
import { refuseRemoved } from '../moderation/moderation.errors';
import { codeNotForFile, linkedFileUnknown, linkNotFound, notReserver } from './short-links.errors';
import type { ShortLinksRepository } from './short-links.repository';
import { matchesCompleteToken, newCompleteToken } from './short-links.secret';

/** An unused reservation lives this long before the sweeper removes it. */
export const RESERVATION_TTL_MS = 24 * 60 * 60 * 1000;

/** What the short-link use cases work with; every one takes `{ deps, input, now }`. */
export interface ShortLinkDeps {
  shortLinks: ShortLinksRepository;
  files: FilesRepository;
  downloads: FileDownloadsRepository;
}

export async function createInstantLink(args: {
  deps: Pick<ShortLinkDeps, 'shortLinks'>;
  input: { originalName?: string; origin: string };
  now: Date;
}): Promise<TinyInstantResponse> {
  const { deps, input } = args;
  const now = args.now.getTime();
  const shortCode = generateShortCode();
  const { token, hash } = newCompleteToken();
  await deps.shortLinks.insert({
    code: shortCode,
    file_id: null,
    original_name: input.originalName ?? null,
    clicks: 0,
    created_at: now,
    last_access_at: null,
    expires_at: now + RESERVATION_TTL_MS,
    complete_token_hash: hash,
  });
  return { tinyUrl: shortUrl(input.origin, shortCode), shortCode, completeToken: token };
}

/**
 * PUT /tiny/complete: kept for the contract, and a check only. Presign with `shortCode` made the
 * reserved code the file's slug and pointed it at the file, so there is nothing left to write
 * (docs/architecture.md, "Short links"). It answers as before when the code is live, the token
 * is the reserver's and the code points at `fileId`; it never points a code at another file.
 */
export async function completeInstantLink(args: {
  deps: Pick<ShortLinkDeps, 'shortLinks' | 'files'>;
  input: { shortCode: string; fileId: string; completeToken: string };
  now: Date;
}): Promise<{ shortCode: string; fileId: string }> {
  const { deps, input } = args;
  const now = args.now.getTime();
  const link = await deps.shortLinks.find(input.shortCode);
  if (!link || isExpired(link, now)) throw linkNotFound();
  if (!matchesCompleteToken(link.complete_token_hash, input.completeToken)) throw notReserver();
  if (link.file_id !== input.fileId) throw codeNotForFile();
  const file = await deps.files.findById(input.fileId);
  if (!file || isExpired(file, now)) throw linkedFileUnknown();
  return { shortCode: input.shortCode, fileId: file.id };
}

export async function getAnalytics(args: {
  deps: Pick<ShortLinkDeps, 'shortLinks' | 'files'>;
  input: { shortCode: string };
  now: Date;
}): Promise<ShortLinkAnalytics> {
  const link = await args.deps.shortLinks.find(args.input.shortCode);
  if (!link || isExpired(link, args.now.getTime())) throw linkNotFound();
  // A removed file's link says so here too.
  const file = link.file_id ? await args.deps.files.findById(link.file_id) : undefined;
  if (file) refuseRemoved(file);
  return {
    shortCode: link.code,
    clicks: link.clicks,
    createdAt: new Date(link.created_at).toISOString(),
    lastAccessAt: link.last_access_at === null ? null : new Date(link.last_access_at).toISOString(),
    fileId: link.file_id,
  };
}

/** /s/:code: where the download page of the code's file is; counts the visit. */
export async function resolveShortCode(args: {
  deps: ShortLinkDeps;
  input: {
    shortCode: string;
    /** The browser's visitor cookie: a spent link still resolves for a browser it was given to. */
    visitorHash: string | null;
    /** Its address: the cookie counts only from the address it was counted for. */
    addressHash: string;
  };
  now: Date;
}): Promise<ResolveResponse> {
  const { deps, input } = args;
  const now = args.now.getTime();
  const link = await deps.shortLinks.find(input.shortCode);
  // A link's code is its file's id: an upload that ended unfinished took its short link with it.
  if (!link && (await deps.files.isUnfinished(input.shortCode, now))) throw uploadDidNotFinish();
  if (!link?.file_id) throw linkNotFound();
  // Still uploading is a state, not an error: the download page waits for it.
  const { file } = await findLiveFile(deps, link.file_id, input, now).catch((error: unknown) => {
    throw isAppError(error) && error.statusCode === 404 ? linkNotFound() : error;
  });
  await deps.shortLinks.recordClick(link.code, now);
  return { fileId: file.id, downloadUrl: `/download/${file.id}` };
}
