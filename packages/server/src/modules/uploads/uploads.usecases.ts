import type { FinalizeResponse, PartUrl, PresignResponse } from '@sealdrop/core/api-schemas';
import type { UploadTier } from '@sealdrop/core/limits';
import { retentionLabel } from '@sealdrop/core/retention';
import { partObjectSize } from '@sealdrop/core/upload-plan';
import { isAppError } from '../../shared/errors';
import { isExpired } from '../../shared/file-liveness';
import { generateShortCode } from '../../shared/ids';
import { shortUrl, UPLOAD_URL_TTL_SECONDS, urlLifetimeSeconds } from '../../shared/links';
import type { FileRow, FilesRepository } from '../files/files.repository';
import { refuseRemovedUpload, tooLargeToScan } from '../malware/malware.errors';
import type { MalwareGate } from '../malware/malware.scanner';
import { refuseRemoved } from '../moderation/moderation.errors';
import type { ShortLinksRepository } from '../short-links/short-links.repository';
import { matchesCompleteToken } from '../short-links/short-links.secret';
import type { StorageDriver } from '../storage/storage.types';
import type { PendingUploadsRepository } from './pending-uploads.repository';
import * as errors from './uploads.errors';
import { objectKeyFor, PART_URLS_PER_CALL, planObject, uploadLimits } from './uploads.models';

export interface UploadDeps {
  files: FilesRepository;
  /** Which pending uploads are known to receive bytes (the sweeper drops those that never do). */
  pending: PendingUploadsRepository;
  shortLinks: ShortLinksRepository;
  storage: StorageDriver;
  partSize: number;
  retention: { freeMs: number; premiumMs: number };
  /** Hears of each outcome (metrics); optional so use-case tests need none. */
  events?: UploadEvents;
  /** Gives an aborted upload's room back to its daily quota (modules/quotas). */
  releaseQuota?: (file: FileRow) => Promise<void>;
  /** With CLAMAV_URL: plain uploads wait for the malware scanner before they turn ready. */
  malware?: MalwareGate;
}

export interface UploadEvents {
  presigned: () => void;
  /** `bytes`: the stored object's size. */
  finalized: (bytes: number) => void;
  aborted: () => void;
  /** A finalize that found its upload but could not complete it. */
  failed: () => void;
}

export async function presignUpload(args: {
  deps: UploadDeps;
  input: {
    /** Plain uploads only: an encrypted one's name and type are sealed in encryptedMetadata. */
    filename?: string;
    contentType?: string;
    encryptedMetadata?: string;
    size: number;
    isEncrypted: boolean;
    shortCode?: string;
    /** The secret /tiny/instant returned with shortCode: only the reserver may use the code. */
    completeToken?: string;
    /** Seconds the link lives; at most the tier's retention. */
    expiresIn?: number;
    /** Downloads the link allows; absent = unlimited. */
    downloadLimit?: number;
  };
  tier: UploadTier;
  ownerId: string | null;
  /** Hash of the uploader's address: downloads from it earn no reward. */
  uploaderIpHash?: string;
  /**
   * Counts the upload against the instance's cap and the daily quota, or throws (modules/quotas);
   * called once every other check passed, with the bytes quotas count.
   */
  admit?: (upload: { fileId: string; bytes: number }) => Promise<void>;
  origin: string;
  now?: Date;
}): Promise<PresignResponse> {
  const { deps, input, origin } = args;
  const now = (args.now ?? new Date()).getTime();
  const limits = uploadLimits(args.tier, deps.retention);
  if (input.size > limits.maxBytes) throw errors.fileTooLarge(limits.maxBytes);
  const lifetimeMs = input.expiresIn === undefined ? limits.retentionMs : input.expiresIn * 1000;
  if (lifetimeMs > limits.retentionMs)
    throw errors.expiryTooLong(retentionLabel(limits.retentionMs));
  if (deps.malware && !deps.malware.accepts(input)) throw tooLargeToScan(deps.malware.maxBytes);

  const slug = input.shortCode
    ? await claimReservedCode(deps, input.shortCode, input.completeToken, now)
    : generateShortCode();
  await args.admit?.({
    fileId: slug,
    bytes: input.size + (input.isEncrypted ? (input.encryptedMetadata?.length ?? 0) : 0),
  });
  const shape = planObject({
    size: input.size,
    isEncrypted: input.isEncrypted,
    partSize: deps.partSize,
    // The bytes the scanner passes must be the bytes served. An empty object needs no parts: its
    // PUT URL signs its length, so nothing but nothing can replace it.
    inParts:
      input.size > 0 && deps.malware?.covers({ is_encrypted: input.isEncrypted ? 1 : 0 }) === true,
  });
  const objectKey = objectKeyFor(slug, generateShortCode(20), input.isEncrypted);
  const contentType = input.isEncrypted
    ? 'application/octet-stream'
    : input.contentType || 'application/octet-stream';
  const expiresAt = now + lifetimeMs;
  // The server never learns an encrypted file's name: none is stored anywhere.
  const originalName = input.isEncrypted ? '' : (input.filename ?? 'file');

  const uploadId = shape.multipart
    ? (await deps.storage.createMultipart({ key: objectKey, contentType })).uploadId
    : null;
  const row: FileRow = {
    id: slug,
    object_key: objectKey,
    original_name: originalName,
    content_type: contentType,
    size: input.size,
    object_size: shape.objectSize,
    is_encrypted: input.isEncrypted ? 1 : 0,
    status: 'pending',
    upload_id: uploadId,
    owner_id: args.ownerId,
    created_at: now,
    expires_at: expiresAt,
    finalized_at: null,
    sweep_claimed_until: null,
    uploader_ip_hash: args.uploaderIpHash ?? null,
    download_limit: input.downloadLimit ?? null,
    download_count: 0,
    encrypted_metadata: input.isEncrypted ? (input.encryptedMetadata ?? null) : null,
    removed_at: null,
    removed_reason: null,
    bytes_seen_at: null,
    scan_claimed_until: null,
    scan_attempts: 0,
    malware_signature: null,
    progress_bytes: null,
    progress_at: null,
  };
  await deps.files.insert(row);
  if (input.shortCode) {
    await deps.shortLinks.link({ code: slug, fileId: slug, expiresAt });
    // A name given when the code was reserved must not outlive the encrypted upload's choice.
    if (input.isEncrypted) await deps.shortLinks.forgetName(slug);
  } else {
    await deps.shortLinks.insert({
      code: slug,
      file_id: slug,
      original_name: input.isEncrypted ? null : originalName,
      clicks: 0,
      created_at: now,
      last_access_at: null,
      expires_at: expiresAt,
      complete_token_hash: null,
    });
  }

  const base = {
    objectKey,
    slug,
    shortUrl: shortUrl(origin, slug),
    expiresAt: new Date(expiresAt).toISOString(),
    objectSize: shape.objectSize,
    concurrency: limits.concurrency,
  };
  if (!uploadId) {
    const uploadUrl = await deps.storage.presignPut({
      key: objectKey,
      size: shape.objectSize,
      contentType,
      expiresInSeconds: urlLifetimeSeconds(UPLOAD_URL_TTL_SECONDS, expiresAt, now),
      origin,
    });
    deps.events?.presigned();
    return { ...base, uploadUrl };
  }
  const first = Array.from(
    { length: Math.min(shape.partCount, PART_URLS_PER_CALL) },
    (_, i) => i + 1,
  );
  const parts = await signParts(deps, row, first, origin, now);
  deps.events?.presigned();
  return {
    ...base,
    multipart: { uploadId, partSize: deps.partSize, partCount: shape.partCount, parts },
  };
}

/** A code reserved by /tiny/instant becomes the slug; it must be free and unexpired. */
async function claimReservedCode(
  deps: UploadDeps,
  code: string,
  completeToken: string | undefined,
  now: number,
): Promise<string> {
  const reservation = await deps.shortLinks.find(code);
  if (!reservation || isExpired(reservation, now)) throw errors.shortCodeUnknown();
  if (!matchesCompleteToken(reservation.complete_token_hash, completeToken))
    throw errors.shortCodeNotReserver();
  if (reservation.file_id || (await deps.files.findById(code))) throw errors.shortCodeTaken();
  return code;
}

async function signParts(
  deps: UploadDeps,
  file: FileRow,
  partNumbers: number[],
  origin: string,
  now: number,
): Promise<PartUrl[]> {
  const { partCount } = planObject({
    size: file.size,
    isEncrypted: file.is_encrypted === 1,
    partSize: deps.partSize,
  });
  return Promise.all(
    partNumbers.map(async (partNumber) => {
      if (partNumber > partCount) throw errors.badPartNumber(partCount);
      const url = await deps.storage.presignPart({
        key: file.object_key,
        uploadId: file.upload_id ?? '',
        partNumber,
        size: partObjectSize(file.size, file.is_encrypted === 1, deps.partSize, partNumber),
        expiresInSeconds: urlLifetimeSeconds(UPLOAD_URL_TTL_SECONDS, file.expires_at, now),
        origin,
      });
      return { partNumber, url };
    }),
  );
}

/**
 * A stored object may still be written: its upload is pending and unexpired.
 * Asked as a write begins, which also tells the sweeper that this upload is receiving bytes.
 */
export async function admitUploadWrite(args: {
  pending: PendingUploadsRepository;
  objectKey: string;
  now: Date;
}): Promise<boolean> {
  return args.pending.admitWrite(args.objectKey, args.now.getTime());
}

/** A live pending upload by its secret object key, or the error its sender should see. */
export async function findPending(
  deps: Pick<UploadDeps, 'files'>,
  objectKey: string,
  now: number,
): Promise<FileRow> {
  const file = await deps.files.findByObjectKey(objectKey);
  if (!file || isExpired(file, now)) throw errors.uploadNotFound();
  refuseRemoved(file);
  if (file.status !== 'pending') throw errors.uploadFinalized();
  return file;
}

export async function presignParts(args: {
  deps: UploadDeps;
  input: { objectKey: string; uploadId: string; partNumbers: number[] };
  origin: string;
  now?: Date;
}): Promise<{ parts: PartUrl[] }> {
  const now = (args.now ?? new Date()).getTime();
  const file = await findPending(args.deps, args.input.objectKey, now);
  if (!file.upload_id) throw errors.notMultipart();
  if (file.upload_id !== args.input.uploadId) throw errors.uploadNotFound();
  const unique = [...new Set(args.input.partNumbers)];
  const parts = await signParts(args.deps, file, unique, args.origin, now);
  // Asking for part URLs is the sender at work: its waiting recipients are not told it paused.
  await args.deps.pending.markMoving(file.id, now);
  return { parts };
}

/**
 * Completes an upload. A plain one, with the malware scanner on, then waits for its scan: the
 * answer says `scanning` when the verdict takes longer than finalize waits, and asking again
 * (finalize is idempotent) tells the outcome: `ready`, or the sender's 410 "blocked" message.
 */
export async function finalizeUpload(args: {
  deps: UploadDeps;
  input: { objectKey?: string; slug?: string; parts?: { partNumber: number; etag: string }[] };
  origin: string;
  now?: Date;
}): Promise<FinalizeResponse> {
  const { deps, input } = args;
  const now = (args.now ?? new Date()).getTime();
  const file = input.objectKey
    ? await deps.files.findByObjectKey(input.objectKey)
    : await deps.files.findById(input.slug ?? '');
  if (!file || isExpired(file, now)) throw errors.uploadNotFound();
  if (input.slug && input.slug !== file.id) throw errors.uploadMismatch();
  // Only the holder of the secret object key is the sender; a slug is public.
  const bySender = Boolean(input.objectKey);
  refuseRemovedUpload(file, bySender);
  const result = {
    fileId: file.id,
    storageKey: file.object_key,
    downloadUrl: shortUrl(args.origin, file.id),
  };
  if (file.status === 'ready' || file.status === 'scanning')
    return { ...result, status: file.status };
  try {
    await completeObject(deps, file, input, now);
  } catch (error) {
    deps.events?.failed();
    throw error;
  }
  if (!deps.malware?.covers(file)) {
    await deps.files.markReady(file.id, now);
    deps.events?.finalized(file.object_size);
    return { ...result, status: 'ready' };
  }
  const scan = await deps.malware.finalize(file.id);
  deps.events?.finalized(file.object_size);
  if (scan.kind === 'blocked') {
    const blocked = await deps.files.findById(file.id);
    if (blocked) refuseRemovedUpload(blocked, bySender);
  }
  return { ...result, status: scan.kind === 'ready' ? 'ready' : 'scanning' };
}

/** Joins the parts (multipart) and checks the stored object is exactly the planned size. */
async function completeObject(
  deps: UploadDeps,
  file: FileRow,
  input: { objectKey?: string; parts?: { partNumber: number; etag: string }[] },
  now: number,
): Promise<void> {
  if (file.upload_id) {
    const { partCount } = planObject({
      size: file.size,
      isEncrypted: file.is_encrypted === 1,
      partSize: deps.partSize,
    });
    const parts = [...(input.parts ?? [])].sort((a, b) => a.partNumber - b.partNumber);
    const complete =
      parts.length === partCount && parts.every((part, i) => part.partNumber === i + 1);
    if (!complete) throw errors.partsRequired(partCount);
    try {
      await deps.storage.completeMultipart({
        key: file.object_key,
        uploadId: file.upload_id,
        parts,
      });
    } catch (error) {
      // The store being down or full is not the client's fault: keep its 5xx (503/507).
      if (isAppError(error) && error.statusCode >= 500) throw error;
      throw errors.partsRejected(error instanceof Error ? error.message : String(error));
    }
  }

  const stored = await deps.storage.head(file.object_key);
  if (!stored) throw errors.objectMissing();
  if (stored.size !== file.object_size) {
    // Only the holder of the secret object key may cause a discard; a slug is public.
    if (!input.objectKey) throw errors.objectMissing();
    await discard(deps, file, now);
    throw errors.sizeMismatch(file.object_size, stored.size);
  }
}

export async function abortUpload(args: {
  deps: UploadDeps;
  input: { objectKey: string; uploadId?: string };
  now?: Date;
}): Promise<{ aborted: true }> {
  const now = (args.now ?? new Date()).getTime();
  const file = await findPending(args.deps, args.input.objectKey, now);
  if (args.input.uploadId && file.upload_id && args.input.uploadId !== file.upload_id)
    throw errors.uploadNotFound();
  await discard(args.deps, file, now);
  await args.deps.releaseQuota?.(file);
  args.deps.events?.aborted();
  return { aborted: true };
}

/** Ends an unfinished upload: its bytes, short link and row go; its link says "did not finish". */
async function discard(deps: UploadDeps, file: FileRow, now: number): Promise<void> {
  if (file.upload_id)
    await deps.storage.abortMultipart({ key: file.object_key, uploadId: file.upload_id });
  await deps.storage.delete(file.object_key);
  await deps.shortLinks.deleteForFile(file.id);
  await deps.files.delete(file.id);
  await deps.files.rememberUnfinished([file.id], now);
}
