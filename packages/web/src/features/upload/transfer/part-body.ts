/**
 * The bytes sent for one part: a File.slice of the plaintext, sealed with the file's key when
 * encrypting. Only one part per worker is ever in memory, never the whole file.
 */
import { sealPartRecords } from '@sealdrop/core/crypto/record-cipher';
import { RECORD_SIZE } from '@sealdrop/core/record-format';
import { partObjectSize, partPlainRange } from '@sealdrop/core/upload-plan';
import { ENCRYPT_INPUT_MESSAGE, PrepareError } from '../lib/upload-errors';

export interface PartCipher {
  key: CryptoKey;
  iv: Uint8Array;
}

export interface PartBodyInput {
  file: Blob;
  /** Plaintext bytes per part; a multiple of RECORD_SIZE (the server plans it that way). */
  partSize: number;
  partNumber: number;
  partCount: number;
  cipher: PartCipher | null;
}

export async function partBody(input: PartBodyInput): Promise<Blob> {
  const { file, partSize, partNumber, partCount, cipher } = input;
  if (!(file instanceof Blob)) throw new TypeError(ENCRYPT_INPUT_MESSAGE);
  const { start, end } = partPlainRange(file.size, partSize, partNumber);
  const slice = file.slice(start, end);
  if (!cipher) return slice;

  let sealed: Uint8Array<ArrayBuffer>[];
  try {
    sealed = await sealPartRecords({
      key: cipher.key,
      iv: cipher.iv,
      plaintext: new Uint8Array(await slice.arrayBuffer()),
      firstRecordIndex: start / RECORD_SIZE,
      isLastPart: partNumber === partCount,
      withHeader: partNumber === 1,
    });
  } catch (error) {
    throw new PrepareError(error);
  }
  // A Blob of the records as they are, not one joined array: a part's worth less copying and
  // memory, and large typed-array bodies are slow to hand to the network stack anyway.
  const body = new Blob(sealed);
  // The server signed for exactly this many bytes; a mismatch would only fail later, at storage.
  const expected = partObjectSize(file.size, true, partSize, partNumber);
  if (body.size !== expected) {
    throw new PrepareError(
      new RangeError(`Part ${partNumber} encrypted to ${body.size} bytes, expected ${expected}`),
    );
  }
  return body;
}

/** A small encrypted file sent with one PUT is a single part: header, all records, last marked. */
export function wholeFileBody(file: Blob, cipher: PartCipher | null): Promise<Blob> {
  return partBody({
    file,
    partSize: Math.max(file.size, RECORD_SIZE),
    partNumber: 1,
    partCount: 1,
    cipher,
  });
}
