/**
 * What this browser remembers about an unfinished multipart upload so that a reload can resume
 * it. Pure: shape checks, the same-file test and how much was already sent.
 */
import { safeEntryPath } from '@sealdrop/core/file-list';
import { partPlainRange } from '@sealdrop/core/upload-plan';
import type { ShortLinkReservation } from '../api/tiny-url';
import type { CompletedPart } from '../api/upload-endpoints';
import { bundleEntries, bundleFiles, type PickedFile } from '../lib/file-bundle';
import type { MultipartStart } from '../transfer/upload-file';

export interface PickedFileFacts {
  name: string;
  size: number;
  lastModified: number;
  type: string;
}

export interface PendingUpload {
  /** The file's id (its slug): the store's key. */
  fileId: string;
  objectKey: string;
  uploadId: string;
  shortCode: string | null;
  /** The reservation's secret that /tiny/complete requires (null without a reserved code). */
  completeToken: string | null;
  /** The share link shown on the card, with its #key=… when encrypted (kept in this browser). */
  link: string;
  /** `key=…&iv=…` (the raw key and iv), or null for a plain upload. Never sent anywhere. */
  fragment: string | null;
  /** The link's passphrase-wrapped fragment (`wkey=…`); null or absent for an unprotected link. */
  linkFragment?: string | null;
  file: PickedFileFacts;
  /**
   * Several files in one link: their paths and sizes in upload order, so that picking the folder
   * again rebuilds the very same bundle. Absent for one file.
   */
  entries?: { path: string; size: number }[];
  contentType: string;
  partSize: number;
  partCount: number;
  concurrency: number;
  /** Epoch ms after which the server has dropped the upload. */
  expiresAt: number;
  savedAt: number;
  /** Parts storage confirmed, with their ETags (s3rver cannot list them back). */
  parts: CompletedPart[];
}

export const DIFFERENT_FILE_MESSAGE =
  'That is a different file. Choose the same file (same name, size and date) to resume.';

export function factsOf(file: File): PickedFileFacts {
  return {
    name: file.name,
    size: file.size,
    lastModified: file.lastModified,
    type: file.type,
  };
}

export function toPendingUpload(
  start: MultipartStart,
  file: File,
  reservation: ShortLinkReservation | null,
  savedAt: number,
): PendingUpload {
  const entries = bundleEntries(file);
  return {
    ...start,
    shortCode: reservation?.shortCode ?? null,
    completeToken: reservation?.completeToken ?? null,
    file: factsOf(file),
    ...(entries ? { entries: entries.map(({ path, size }) => ({ path, size })) } : {}),
    savedAt,
    parts: [],
  };
}

/**
 * The bundle a stored multi-file upload was made of, rebuilt from a folder picked again: each
 * stored path must be there with its size, in the stored order. Null when any is missing.
 */
export function rebuildBundle(upload: PendingUpload, picked: readonly PickedFile[]): File | null {
  if (!upload.entries) return null;
  const byPath = new Map(picked.map((item) => [safeEntryPath(item.path), item]));
  const ordered: PickedFile[] = [];
  for (const { path, size } of upload.entries) {
    const item = byPath.get(path);
    if (!item || item.file.size !== size) return null;
    ordered.push(item);
  }
  return bundleFiles(ordered);
}

/** The reservation a stored upload completes, if it had one (records of older versions have no secret). */
export function reservationOf(upload: PendingUpload): ShortLinkReservation | null {
  return upload.shortCode && upload.completeToken
    ? { shortCode: upload.shortCode, completeToken: upload.completeToken }
    : null;
}

/** Re-picking must give the very file that was being sent: name, size and modification time. */
export function isSameFile(expected: PickedFileFacts, file: File): boolean {
  return (
    file.name === expected.name &&
    file.size === expected.size &&
    file.lastModified === expected.lastModified
  );
}

/** Plaintext bytes already stored, for "x of y sent". */
export function sentBytes(upload: PendingUpload): number {
  let sent = 0;
  for (const { partNumber } of upload.parts) {
    const { start, end } = partPlainRange(upload.file.size, upload.partSize, partNumber);
    sent += Math.max(0, end - start);
  }
  return sent;
}

/** The part list with `part` added (replacing an older ETag for the same number), in order. */
export function withPart(parts: CompletedPart[], part: CompletedPart): CompletedPart[] {
  return [...parts.filter((p) => p.partNumber !== part.partNumber), part].sort(
    (a, b) => a.partNumber - b.partNumber,
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Guards against entries written by another version of the app (or tampered with). */
export function isPendingUpload(value: unknown): value is PendingUpload {
  if (!isRecord(value) || !isRecord(value.file) || !Array.isArray(value.parts)) return false;
  const strings = ['fileId', 'objectKey', 'uploadId', 'link', 'contentType'] as const;
  const numbers = ['partSize', 'partCount', 'concurrency', 'expiresAt', 'savedAt'] as const;
  return (
    strings.every((name) => typeof value[name] === 'string') &&
    numbers.every((name) => Number.isFinite(value[name])) &&
    (value.fragment === null || typeof value.fragment === 'string') &&
    (value.linkFragment == null || typeof value.linkFragment === 'string') &&
    (value.entries === undefined ||
      (Array.isArray(value.entries) &&
        value.entries.every(
          (entry) =>
            isRecord(entry) && typeof entry.path === 'string' && Number.isFinite(entry.size),
        ))) &&
    typeof value.file.name === 'string' &&
    Number.isFinite(value.file.size) &&
    Number.isFinite(value.file.lastModified) &&
    value.parts.every(
      (part) =>
        isRecord(part) && Number.isInteger(part.partNumber) && typeof part.etag === 'string',
    )
  );
}
