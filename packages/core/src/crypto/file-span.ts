/**
 * Where each file of a link lies in its encrypted object. A link's files are laid end to end in one
 * plaintext (in the order of the metadata record), sealed as one object, so a thousand small files
 * cost one upload and no padding. One file alone is the run of records covering its bytes: fetch
 * that byte range, decrypt those records (createDecryptionStream with the span), drop `skip` bytes
 * of the first record and keep `size` (docs/encryption.md "Several files in one link").
 */
import { HEADER_SIZE, RECORD_SIZE, TAG_SIZE } from '../record-format';
import type { RecordSpan } from './record-cipher';

const SEALED_RECORD_SIZE = RECORD_SIZE + TAG_SIZE;

export interface FileSpan extends RecordSpan {
  /** The encrypted object's bytes to fetch: [byteStart, byteEnd). */
  byteStart: number;
  byteEnd: number;
  /** Plaintext bytes of the first record before the file starts. */
  skip: number;
  /** The file's own bytes. */
  size: number;
}

/** Plaintext offset of each file when files of these sizes are laid end to end. */
export function fileOffsets(sizes: readonly number[]): number[] {
  const offsets: number[] = [];
  let at = 0;
  for (const size of sizes) {
    if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`Invalid file size ${size}`);
    offsets.push(at);
    at += size;
  }
  return offsets;
}

/** Size of the sealed object holding `plainSize` bytes: header, then one tag per record. */
export function sealedSize(plainSize: number): number {
  return HEADER_SIZE + plainSize + recordCount(plainSize) * TAG_SIZE;
}

function recordCount(plainSize: number): number {
  return Math.max(1, Math.ceil(plainSize / RECORD_SIZE));
}

/**
 * The records holding plaintext bytes [offset, offset + size) of an object of `plainSize` bytes.
 * Null for an empty file: there is nothing to fetch.
 */
export function fileSpan(offset: number, size: number, plainSize: number): FileSpan | null {
  if (offset < 0 || size < 0 || offset + size > plainSize) {
    throw new RangeError(`Bytes ${offset}+${size} are outside an object of ${plainSize}`);
  }
  if (size === 0) return null;
  const firstRecord = Math.floor(offset / RECORD_SIZE);
  const lastRecord = Math.floor((offset + size - 1) / RECORD_SIZE);
  const endsObject = lastRecord === recordCount(plainSize) - 1;
  return {
    firstRecord,
    recordCount: lastRecord - firstRecord + 1,
    endsObject,
    byteStart: HEADER_SIZE + firstRecord * SEALED_RECORD_SIZE,
    byteEnd: endsObject
      ? sealedSize(plainSize)
      : HEADER_SIZE + (lastRecord + 1) * SEALED_RECORD_SIZE,
    skip: offset - firstRecord * RECORD_SIZE,
    size,
  };
}

/** Where the sealed record holding byte `offset` of an object starts (0 within the header). */
export function recordStart(offset: number): number {
  if (offset < HEADER_SIZE) return 0;
  const index = Math.floor((offset - HEADER_SIZE) / SEALED_RECORD_SIZE);
  return HEADER_SIZE + index * SEALED_RECORD_SIZE;
}

/** Keeps plaintext bytes [skip, skip + size) of a stream and drops the rest. */
export function slicePlaintext(
  skip: number,
  size: number,
): TransformStream<Uint8Array, Uint8Array> {
  let position = 0;
  const end = skip + size;
  return new TransformStream({
    transform(chunk, out) {
      const from = Math.max(skip - position, 0);
      const to = Math.min(end - position, chunk.length);
      position += chunk.length;
      if (to > from)
        out.enqueue(from === 0 && to === chunk.length ? chunk : chunk.subarray(from, to));
    },
  });
}
