/**
 * Encrypting and decrypting whole Sealdrop objects (format: docs/encryption.md). Uploads encrypt
 * part by part, in parallel; downloads decrypt as a stream with bounded memory.
 */
import { concatBytes } from '../bytes';
import { HEADER_SIZE, RECORD_SIZE, TAG_SIZE } from '../record-format';
import { ByteQueue } from './byte-queue';
import { encodeHeader, parseHeader } from './record-header';
import { DecryptionError, openRecord, sealRecord } from './record-seal';

// Header helpers live in record-header.ts; re-exported because this module is the format's API.
export { encodeHeader, parseHeader } from './record-header';

const SEALED_RECORD_SIZE = RECORD_SIZE + TAG_SIZE;
/**
 * Records handed to WebCrypto before waiting for the oldest, on every path that seals or opens
 * (upload parts, the download worker, the page's own decryption). Browsers and Node run the AES
 * work off the main thread, so a window overlaps it with our own bookkeeping; outputs are still
 * emitted strictly in order. 16 is what the download worker measured best (docs/downloads.md);
 * it costs 1 MiB of records at most.
 */
export const RECORDS_IN_FLIGHT = 16;

export interface EncryptPartInput {
  key: CryptoKey;
  iv: Uint8Array;
  /** Whole records only, except in the last part. Empty only for an empty file. */
  plaintext: Uint8Array;
  /** Global index of the part's first record: plaintext offset / RECORD_SIZE. */
  firstRecordIndex: number;
  isLastPart: boolean;
  /** Prepend the 8-byte header; true for the first part (record 0) only. */
  withHeader: boolean;
}

/** Encrypts a run of records; the parts of a file, concatenated in order, form the object. */
export async function encryptPart(input: EncryptPartInput): Promise<Uint8Array<ArrayBuffer>> {
  return concatBytes(await sealPartRecords(input));
}

/**
 * The same bytes as encryptPart, as the header (first part only) and one array per sealed record,
 * in order. A caller that hands them on as `new Blob(pieces)` saves a copy of the whole part.
 */
export async function sealPartRecords(input: EncryptPartInput): Promise<Uint8Array<ArrayBuffer>[]> {
  const { key, iv, plaintext, firstRecordIndex, isLastPart, withHeader } = input;
  const count = partRecordCount(plaintext.length, firstRecordIndex, isLastPart);
  if (withHeader && firstRecordIndex !== 0) {
    throw new RangeError('Only the part starting at record 0 carries the header');
  }
  const records = new Array<Uint8Array<ArrayBuffer>>(count);
  // Encrypt straight from the caller's bytes when possible (WebCrypto copies its input anyway).
  const source =
    plaintext.buffer instanceof ArrayBuffer
      ? (plaintext as Uint8Array<ArrayBuffer>)
      : new Uint8Array(plaintext);
  await inWindows(count, RECORDS_IN_FLIGHT, async (j) => {
    const start = j * RECORD_SIZE;
    const chunk = source.subarray(start, start + RECORD_SIZE);
    const isFinal = isLastPart && j === count - 1;
    records[j] = new Uint8Array(await sealRecord(key, iv, firstRecordIndex + j, isFinal, chunk));
  });
  return withHeader ? [encodeHeader(), ...records] : records;
}

function partRecordCount(length: number, firstRecordIndex: number, isLastPart: boolean): number {
  if (!Number.isSafeInteger(firstRecordIndex) || firstRecordIndex < 0) {
    throw new RangeError(`Invalid first record index ${firstRecordIndex}`);
  }
  if (!isLastPart) {
    if (length === 0 || length % RECORD_SIZE !== 0) {
      throw new RangeError(
        `A part other than the last must be a non-zero multiple of ${RECORD_SIZE} bytes`,
      );
    }
    return length / RECORD_SIZE;
  }
  // An empty final record exists only for an empty file; elsewhere it breaks upload-plan sizes.
  if (length === 0 && firstRecordIndex !== 0) {
    throw new RangeError('The last part of a non-empty file must not be empty');
  }
  return Math.max(1, Math.ceil(length / RECORD_SIZE));
}

/** Runs task(0..count-1) with at most `width` pending at once. */
async function inWindows(count: number, width: number, task: (j: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, worker));
}

/**
 * A run of records inside an object, for fetching one file of a link by Range: records
 * firstRecord … firstRecord + recordCount - 1, without the header; the last of them is the object's
 * final record only when `endsObject`.
 */
export interface RecordSpan {
  firstRecord: number;
  recordCount: number;
  endsObject: boolean;
}

/**
 * Decrypts an object arriving in chunks of any size. A record is opened as "not last" only once
 * at least one byte after it has arrived; whatever remains at the end is the final record. So a
 * stream cut at a record boundary fails just like one cut mid-record. Memory stays bounded: one
 * record of lookahead, one incoming chunk and RECORDS_IN_FLIGHT records being decrypted.
 * With `span`, it decrypts just those records (no header) and fails unless exactly that many
 * arrive, so a file fetched alone is as safe from truncation as the whole object.
 */
export function createDecryptionStream(
  key: CryptoKey,
  iv: Uint8Array,
  span?: RecordSpan,
): TransformStream<Uint8Array, Uint8Array> {
  const ownIv = new Uint8Array(iv); // the caller may reuse its array while we are still reading
  const input = new ByteQueue();
  const pending: Promise<ArrayBuffer>[] = [];
  let headerSeen = span !== undefined;
  const firstIndex = span?.firstRecord ?? 0;
  let index = firstIndex;

  const start = (sealed: Uint8Array<ArrayBuffer>, isFinal: boolean) => {
    const opened = openRecord(key, ownIv, index++, isFinal, sealed);
    // Rejections are re-thrown when the record's turn comes; this only avoids an "unhandled" report.
    opened.catch(() => {});
    pending.push(opened);
  };
  const emitUntil = async (left: number, out: TransformStreamDefaultController<Uint8Array>) => {
    while (pending.length > left) out.enqueue(new Uint8Array(await pending.shift()!));
  };
  /** The last record of the input: final if it ends the object, a full record otherwise. */
  const lastRecordFits = () =>
    span && !span.endsObject ? input.length === SEALED_RECORD_SIZE : input.length >= TAG_SIZE;

  return new TransformStream<Uint8Array, Uint8Array>({
    async transform(chunk, out) {
      input.push(chunk);
      if (!headerSeen) {
        if (input.length < HEADER_SIZE) return;
        parseHeader(input.take(HEADER_SIZE));
        headerSeen = true;
      }
      while (input.length > SEALED_RECORD_SIZE) {
        start(input.take(SEALED_RECORD_SIZE), false);
        await emitUntil(RECORDS_IN_FLIGHT - 1, out);
      }
    },
    async flush(out) {
      const count = index - firstIndex + 1;
      if (!headerSeen || !lastRecordFits() || (span && count !== span.recordCount)) {
        await emitUntil(0, out); // report a bad earlier record first, it is the earlier fault
        throw new DecryptionError();
      }
      start(input.take(input.length), !span || span.endsObject);
      await emitUntil(0, out);
    },
  });
}

export function encryptBytes(
  key: CryptoKey,
  iv: Uint8Array,
  plaintext: Uint8Array,
): Promise<Uint8Array<ArrayBuffer>> {
  return encryptPart({
    key,
    iv,
    plaintext,
    firstRecordIndex: 0,
    isLastPart: true,
    withHeader: true,
  });
}

/** Same checks as the stream, for data already in memory. */
export async function decryptBytes(
  key: CryptoKey,
  iv: Uint8Array,
  ciphertext: Uint8Array,
): Promise<Uint8Array<ArrayBuffer>> {
  const stream = createDecryptionStream(key, iv);
  const writer = stream.writable.getWriter();
  // Errors surface through the reader below; the writer's copies would otherwise go unhandled.
  writer.write(ciphertext).catch(() => {});
  writer.close().catch(() => {});
  return concatBytes(await readAll(stream.readable));
}

async function readAll(readable: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  const reader = readable.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
  return chunks;
}
