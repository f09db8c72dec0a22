/**
 * How a file maps onto the stored object and its upload parts. Shared so that the server signs
 * exactly the byte counts the browser will send. Parts are cut on plaintext boundaries that are a
 * whole number of encryption records, so every part can be encrypted on its own and in parallel.
 */
import { HEADER_SIZE, RECORD_SIZE, TAG_SIZE } from './record-format';

export function recordCount(plainSize: number): number {
  return Math.max(1, Math.ceil(plainSize / RECORD_SIZE));
}

/** Bytes stored for a file of `plainSize` bytes. */
export function objectSize(plainSize: number, isEncrypted: boolean): number {
  if (!isEncrypted) return plainSize;
  return HEADER_SIZE + plainSize + recordCount(plainSize) * TAG_SIZE;
}

export function partCount(plainSize: number, partSize: number): number {
  return Math.max(1, Math.ceil(plainSize / partSize));
}

/** Plaintext byte range [start, end) carried by part `partNumber` (1-based, as in S3). */
export function partPlainRange(plainSize: number, partSize: number, partNumber: number) {
  const start = (partNumber - 1) * partSize;
  return { start, end: Math.min(start + partSize, plainSize) };
}

/** Bytes the client sends for part `partNumber`. `partSize` must be a multiple of RECORD_SIZE. */
export function partObjectSize(
  plainSize: number,
  isEncrypted: boolean,
  partSize: number,
  partNumber: number,
): number {
  const { start, end } = partPlainRange(plainSize, partSize, partNumber);
  const plain = end - start;
  if (!isEncrypted) return plain;
  const header = partNumber === 1 ? HEADER_SIZE : 0;
  return header + plain + recordCount(plain) * TAG_SIZE;
}

/** A run of whole records within a part, sealed and stored on its own (see partChunks). */
export interface PartChunk {
  /** Plaintext byte range [start, end) in the file. */
  start: number;
  end: number;
  firstRecordIndex: number;
  /** The chunk ends the file: its last record carries the final marker. */
  isLastPart: boolean;
  /** The chunk opens the object: the 8-byte header goes before it. */
  withHeader: boolean;
}

/**
 * Cuts part `partNumber` into chunks of `chunkSize` plaintext bytes (a multiple of RECORD_SIZE).
 * Sealing each chunk with its flags (record-cipher's sealPartRecords) and concatenating the
 * results gives exactly the part's bytes, so a part can be encrypted without holding it whole.
 */
export function partChunks(
  plainSize: number,
  partSize: number,
  partNumber: number,
  chunkSize: number,
): PartChunk[] {
  if (chunkSize <= 0 || chunkSize % RECORD_SIZE !== 0) {
    throw new RangeError(`Chunk size must be a positive multiple of ${RECORD_SIZE} bytes`);
  }
  const { start, end } = partPlainRange(plainSize, partSize, partNumber);
  const endsFile = partNumber === partCount(plainSize, partSize);
  const chunks: PartChunk[] = [];
  let from = start;
  do {
    const to = Math.min(from + chunkSize, end);
    chunks.push({
      start: from,
      end: to,
      firstRecordIndex: from / RECORD_SIZE,
      isLastPart: endsFile && to === end,
      withHeader: partNumber === 1 && from === start,
    });
    from = to;
  } while (from < end);
  return chunks;
}
