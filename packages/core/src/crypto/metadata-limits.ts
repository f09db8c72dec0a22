/**
 * How long a sealed metadata record may be (docs/encryption.md "How long a record may be"). The
 * server cannot open the record, so it bounds the blob by what the number of files a presign
 * declares can need: a one-file upload cannot park hundreds of KiB in the database. Pages and the
 * CLI check a record with the same functions before they presign.
 */
import { IV_BYTES, TAG_SIZE } from '../record-format';
import { encodeMetadata, METADATA_PADDING, type MetadataRecord } from './metadata-record';

/** The most files one link carries. */
export const MAX_LINK_FILES = 10_000;

/**
 * Bytes one file's name, type and path may take together in the record (UTF-8, as JSON writes
 * them): a file within it always fits. Far above what real paths need; generous for names in
 * scripts that take three bytes a character.
 */
export const METADATA_ENTRY_BUDGET_BYTES = 2048;

/**
 * The longest blob whatever the count, in base64url characters (about 384 KiB sealed): the cap
 * records had before the count was declared, so every list that was accepted then still is.
 */
export const MAX_ENCRYPTED_METADATA_CHARS = 512 * 1024;

/** `{"v":1,"files":[` … `]}` around the entries. */
const RECORD_FRAME_BYTES = '{"v":1,"files":[]}'.length;
/** `{"name":"","size":,"type":"","path":""}` with a size of 16 digits, and the comma after. */
const ENTRY_FRAME_BYTES = '{"name":"","size":,"type":"","path":""},'.length + 16;

/** Base64url characters (no padding) of a sealed blob whose padded plaintext is `bytes` long. */
function sealedChars(plaintextBytes: number): number {
  const sealed = 1 + IV_BYTES + plaintextBytes + TAG_SIZE;
  return Math.floor(sealed / 3) * 4 + [0, 2, 3][sealed % 3]!;
}

/** The plaintext encodeMetadata makes of `json` bytes: at least one space, to METADATA_PADDING. */
function paddedBytes(jsonBytes: number): number {
  return Math.ceil((jsonBytes + 1) / METADATA_PADDING) * METADATA_PADDING;
}

/**
 * The longest `encryptedMetadata` a presign declaring `fileCount` files may send: the sealed
 * length of `fileCount` entries that each use the whole budget, at most
 * MAX_ENCRYPTED_METADATA_CHARS. `fileCount` is clamped to 1…MAX_LINK_FILES.
 */
export function maxEncryptedMetadataChars(fileCount: number): number {
  const count = Math.min(Math.max(Math.trunc(fileCount) || 1, 1), MAX_LINK_FILES);
  const json = RECORD_FRAME_BYTES + count * (ENTRY_FRAME_BYTES + METADATA_ENTRY_BUDGET_BYTES);
  return Math.min(MAX_ENCRYPTED_METADATA_CHARS, sealedChars(paddedBytes(json)));
}

/** The exact length sealMetadata gives this record, in base64url characters. */
export function encryptedMetadataChars(record: MetadataRecord): number {
  return sealedChars(encodeMetadata(record).length);
}

/** Why this record cannot be sent with one link (a sentence for people), or null when it can. */
export function metadataRecordProblem(record: MetadataRecord): string | null {
  const count = record.files.length;
  if (count > MAX_LINK_FILES) {
    return `One link holds at most ${MAX_LINK_FILES.toLocaleString('en-US')} files; ${count.toLocaleString('en-US')} were chosen.`;
  }
  if (encryptedMetadataChars(record) <= maxEncryptedMetadataChars(count)) return null;
  return count === 1
    ? 'This file’s name is too long to share.'
    : 'The names and folders of these files are too long to share in one link. Share fewer files at once, or shorten their paths.';
}

/**
 * Bytes a presign's sealed metadata takes in the database (base64url is ASCII: one byte a
 * character), 0 without any. Upload quotas count `size + metadataBytes(encryptedMetadata)`.
 */
export function metadataBytes(encryptedMetadata: string | null | undefined): number {
  return encryptedMetadata?.length ?? 0;
}
