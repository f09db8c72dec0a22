/**
 * The 8-byte header at the start of every encrypted object: MAGIC "SEAL" | version | log2(record
 * size) | 0 | 0. It is also part of every record's additional data, so it cannot be edited.
 */
import {
  FORMAT_VERSION,
  HEADER_SIZE,
  MAGIC,
  RECORD_SIZE,
  RECORD_SIZE_LOG2,
} from '../record-format';

export interface RecordHeader {
  version: number;
  recordSize: number;
}

/** Thrown for bytes that are not an encrypted file this version of Sealdrop can read. */
export class UnsupportedFormatError extends Error {
  override name = 'UnsupportedFormatError';
}

export function encodeHeader(): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array(HEADER_SIZE);
  header.set(MAGIC);
  header[4] = FORMAT_VERSION;
  header[5] = RECORD_SIZE_LOG2;
  return header;
}

export function parseHeader(bytes: Uint8Array): RecordHeader {
  if (bytes.length < HEADER_SIZE) {
    throw new UnsupportedFormatError('Not a Sealdrop encrypted file: the header is incomplete');
  }
  if (MAGIC.some((byte, i) => bytes[i] !== byte)) {
    throw new UnsupportedFormatError('Not a Sealdrop encrypted file: unknown magic bytes');
  }
  const version = bytes[4]!;
  if (version !== FORMAT_VERSION) {
    throw new UnsupportedFormatError(
      `Unsupported encryption format version ${version} (this app reads version ${FORMAT_VERSION})`,
    );
  }
  if (bytes[5] !== RECORD_SIZE_LOG2) {
    throw new UnsupportedFormatError(
      `Unsupported record size 2^${bytes[5]} bytes (version ${FORMAT_VERSION} uses 2^${RECORD_SIZE_LOG2})`,
    );
  }
  // Reserved for later versions; refusing non-zero values now keeps their meaning free.
  if (bytes[6] !== 0 || bytes[7] !== 0) {
    throw new UnsupportedFormatError(
      'Unsupported encryption format: reserved header bytes are set',
    );
  }
  return { version, recordSize: RECORD_SIZE };
}
