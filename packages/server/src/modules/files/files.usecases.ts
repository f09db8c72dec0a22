import type { FileInfo, ResolveResponse } from '@sealdrop/core/api-schemas';
import { pendingUploadProgress } from '@sealdrop/core/upload-progress';
import { isExpired, isSpent } from '../../shared/file-liveness';
import { DOWNLOAD_URL_TTL_SECONDS, urlLifetimeSeconds } from '../../shared/links';
import { refuseRemoved } from '../moderation/moderation.errors';
import type { StorageDriver } from '../storage/storage.types';
import type { FileDownloadsRepository } from './file-downloads.repository';
import {
  fileBeingScanned,
  fileNotFound,
  fileStillUploading,
  uploadDidNotFinish,
} from './files.errors';
import type { FileRow, FilesRepository } from './files.repository';

/**
 * A browser given a download URL may ask again this long (from the same address) without
 * counting again, and a link whose last download was given keeps its object this long at most.
 */
export const DOWNLOAD_RETRY_MS = 10 * 60 * 1000;

export interface ReadDeps {
  files: FilesRepository;
  downloads: FileDownloadsRepository;
}

/**
 * What the server knows of the asking browser: its signed visitor cookie (hashed; null when it has
 * none) and its address (keyed hash). A retry is recognised only by both together.
 */
export interface Visitor {
  visitorHash: string | null;
  addressHash: string;
}

function wasCountedRecently(deps: ReadDeps, fileId: string, visitor: Visitor, now: number) {
  if (!visitor.visitorHash) return Promise.resolve(false);
  return deps.downloads.countedSince({
    fileId,
    visitorHash: visitor.visitorHash,
    addressHash: visitor.addressHash,
    since: now - DOWNLOAD_RETRY_MS,
  });
}

/**
 * A file that exists, has not expired and still has a download for this visitor (a spent link
 * stays open only to the browsers it was given to, for their retries); finished or still
 * uploading. Unknown, expired and spent look the same to the caller (404); a removed file answers
 * 410 with the reason until its original expiry, an upload that ended unfinished 410 "did not
 * finish" for a while (UNFINISHED_LINK_MS).
 */
export async function findLiveFile(
  deps: ReadDeps,
  id: string,
  visitor: Visitor,
  now: number,
  /** Whether to look up `counted` for a link with downloads left too (grant, finish). */
  alwaysCheckCounted = false,
): Promise<{ file: FileRow; counted: boolean }> {
  const file = await deps.files.findById(id);
  if (!file && (await deps.files.isUnfinished(id, now))) throw uploadDidNotFinish();
  if (!file || isExpired(file, now)) throw fileNotFound();
  refuseRemoved(file);
  // Page views of a link with downloads left need no visitor lookup.
  const counted =
    (alwaysCheckCounted || isSpent(file)) &&
    (await wasCountedRecently(deps, file.id, visitor, now));
  if (isSpent(file) && !counted) throw fileNotFound();
  return { file, counted };
}

/**
 * The name a reader may see: none for an encrypted upload whose name is sealed in its metadata;
 * older encrypted uploads (no metadata) keep the name they were stored with, so their links work.
 */
export function visibleName(file: FileRow): string | null {
  return file.is_encrypted === 1 && file.encrypted_metadata !== null ? null : file.original_name;
}

/** What an encrypted object is called when saved as is: nothing about the file it holds. */
export function storedObjectName(file: FileRow): string {
  return file.is_encrypted === 1 ? `${file.id}.enc` : file.original_name;
}

/** `stallMs`: how long a pending upload may go without progress before info says stalled. */
export function toFileInfo(file: FileRow, now: number, stallMs: number): FileInfo {
  const info: FileInfo = {
    fileId: file.id,
    originalName: visibleName(file),
    ...(file.is_encrypted === 1 ? { encryptedMetadata: file.encrypted_metadata } : {}),
    size: file.size,
    contentType: file.content_type,
    isEncrypted: file.is_encrypted === 1,
    expiresAt: new Date(file.expires_at).toISOString(),
    status: file.status === 'pending' ? 'uploading' : file.status,
    downloadsLeft:
      file.download_limit === null ? null : Math.max(0, file.download_limit - file.download_count),
  };
  if (file.status !== 'pending') return info;
  const progress = pendingUploadProgress({
    size: file.size,
    progressBytes: file.progress_bytes,
    progressAt: file.progress_at,
    createdAt: file.created_at,
    now,
    stallMs,
  });
  return { ...info, ...progress };
}

export async function getFileInfo(args: {
  deps: ReadDeps;
  input: { fileId: string } & Visitor;
  now: Date;
  /** UPLOAD_STALL_SECONDS in ms. */
  stallMs: number;
}): Promise<FileInfo> {
  // A link shared while its file uploads already works: the page shows the wait.
  const now = args.now.getTime();
  const { file } = await findLiveFile(args.deps, args.input.fileId, args.input, now);
  return toFileInfo(file, now, args.stallMs);
}

export async function resolveSlug(args: {
  deps: ReadDeps;
  input: { slug: string } & Visitor;
  now: Date;
}): Promise<ResolveResponse> {
  const { file } = await findLiveFile(args.deps, args.input.slug, args.input, args.now.getTime());
  return { fileId: file.id, downloadUrl: `/download/${file.id}` };
}

/**
 * A short-lived signed URL for the stored bytes (ciphertext for encrypted files). Each one counts
 * as a download, except a retry of a visitor (same cookie, same address) counted within
 * DOWNLOAD_RETRY_MS; the check and the count are one atomic step (countOnce). The last download a
 * limited link allows brings its expiry forward to the end of that window, so its object is gone
 * by then even if the browser never says it finished (see finishDownload).
 */
export async function grantDownload(args: {
  deps: ReadDeps & { storage: StorageDriver };
  input: {
    fileId: string;
    userId: string | null;
    origin: string;
    visitorHash: string;
    addressHash: string;
  };
  now: Date;
}): Promise<string> {
  const { deps, input } = args;
  const now = args.now.getTime();
  const { file } = await findLiveFile(deps, input.fileId, input, now);
  if (file.status === 'scanning') throw fileBeingScanned();
  if (file.status !== 'ready') throw fileStillUploading();
  let expiresAt = file.expires_at;
  const count = await deps.downloads.countOnce({
    fileId: file.id,
    visitorHash: input.visitorHash,
    addressHash: input.addressHash,
    now,
    retrySince: now - DOWNLOAD_RETRY_MS,
  });
  // Another browser took the last download between the read and the count.
  if (count.kind === 'refused') throw fileNotFound();
  if (count.kind === 'counted') {
    if (count.spent) {
      expiresAt = Math.min(expiresAt, now + DOWNLOAD_RETRY_MS);
      await deps.files.expireBy(file.id, expiresAt);
    }
    // Recorded once counted: a download reward needs a download the server actually granted.
    await deps.downloads.record({
      fileId: file.id,
      ipHash: input.addressHash,
      userId: input.userId,
      visitorHash: input.visitorHash,
      now,
    });
  }
  return deps.storage.presignGet({
    key: file.object_key,
    expiresInSeconds: urlLifetimeSeconds(DOWNLOAD_URL_TTL_SECONDS, expiresAt, now),
    origin: input.origin,
    fileName: storedObjectName(file),
  });
}

/**
 * The page says a download finished (POST /files/:id/downloaded). When it was the last one a
 * limited link allowed, the object is deleted at once instead of at the end of the retry window
 * ("burn after reading"); the sweeper removes the rows. Only a browser counted for this file may
 * ask; for any other file this changes nothing.
 */
export async function finishDownload(args: {
  deps: ReadDeps & { storage: StorageDriver };
  input: { fileId: string } & Visitor;
  now: Date;
}): Promise<{ deleted: boolean }> {
  const { deps, input } = args;
  const now = args.now.getTime();
  const { file, counted } = await findLiveFile(deps, input.fileId, input, now, true);
  if (!counted) throw fileNotFound();
  if (!isSpent(file)) return { deleted: false };
  await deps.files.expireBy(file.id, now);
  await deps.storage.delete(file.object_key);
  return { deleted: true };
}
