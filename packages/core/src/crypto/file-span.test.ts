import { describe, expect, it } from 'vitest';
import { concatBytes } from '../bytes';
import { RECORD_SIZE } from '../record-format';
import { fileOffsets, fileSpan, recordStart, sealedSize, slicePlaintext } from './file-span';
import { importKey } from './key-material';
import { createDecryptionStream, encryptBytes, type RecordSpan } from './record-cipher';

const RAW_KEY = Uint8Array.from({ length: 32 }, (_, i) => 200 - i);
const IV = Uint8Array.from({ length: 12 }, (_, i) => i * 3);

/** Files of awkward sizes: empty, tiny, across record boundaries, exact multiples. */
const SIZES = [0, 5, RECORD_SIZE - 3, 10, 2 * RECORD_SIZE, 0, 3 * RECORD_SIZE + 7, 1, RECORD_SIZE];

function filesOf(sizes: number[]) {
  return sizes.map((size, f) =>
    Uint8Array.from({ length: size }, (_, i) => (i * 31 + f * 7) & 0xff),
  );
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

async function decryptSpan(
  key: CryptoKey,
  bytes: Uint8Array,
  span: RecordSpan,
  skip: number,
  size: number,
) {
  const stream = new Blob([new Uint8Array(bytes)])
    .stream()
    .pipeThrough(createDecryptionStream(key, IV, span))
    .pipeThrough(slicePlaintext(skip, size));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe('one file of a link fetched alone', () => {
  it('decrypts each file from just its byte range, whatever its size and place', async () => {
    const key = await importKey(RAW_KEY);
    const files = filesOf(SIZES);
    const plaintext = concatBytes(files);
    const object = await encryptBytes(key, IV, plaintext);
    expect(object.length).toBe(sealedSize(plaintext.length));
    const offsets = fileOffsets(SIZES);
    for (const [f, file] of files.entries()) {
      const span = fileSpan(offsets[f]!, file.length, plaintext.length);
      if (!span) {
        expect(file.length).toBe(0);
        continue;
      }
      const range = object.subarray(span.byteStart, span.byteEnd);
      const opened = await decryptSpan(key, range, span, span.skip, span.size);
      expect(equalBytes(opened, file), `file ${f}`).toBe(true);
    }
  });

  it('marks only the span reaching the end of the object as ending it', () => {
    const total = 3 * RECORD_SIZE + 10;
    expect(fileSpan(0, 10, total)).toMatchObject({
      firstRecord: 0,
      recordCount: 1,
      endsObject: false,
    });
    expect(fileSpan(RECORD_SIZE - 1, 2, total)).toMatchObject({
      firstRecord: 0,
      recordCount: 2,
      skip: RECORD_SIZE - 1,
    });
    expect(fileSpan(total - 1, 1, total)).toMatchObject({
      firstRecord: 3,
      recordCount: 1,
      endsObject: true,
    });
    expect(fileSpan(5, 0, total)).toBeNull();
    expect(() => fileSpan(total, 1, total)).toThrow(RangeError);
  });

  it('fails when the range is short a record, or comes from another place', async () => {
    const key = await importKey(RAW_KEY);
    const plaintext = concatBytes(filesOf([5 * RECORD_SIZE]));
    const object = await encryptBytes(key, IV, plaintext);
    const span = fileSpan(RECORD_SIZE, 3 * RECORD_SIZE, plaintext.length)!;
    expect(span.endsObject).toBe(false);
    const range = object.subarray(span.byteStart, span.byteEnd);
    const sealed = RECORD_SIZE + 16;
    // One record missing, at the end: every remaining record still authenticates.
    await expect(
      decryptSpan(key, range.subarray(0, range.length - sealed), span, span.skip, span.size),
    ).rejects.toThrow();
    // The right bytes presented as other records (e.g. a swapped Range answer).
    await expect(
      decryptSpan(key, range, { ...span, firstRecord: span.firstRecord + 1 }, span.skip, span.size),
    ).rejects.toThrow();
    // A span that claims to end the object does not open records that do not.
    await expect(
      decryptSpan(key, range, { ...span, endsObject: true }, span.skip, span.size),
    ).rejects.toThrow();
  });
});

describe('recordStart', () => {
  it('answers the start of the sealed record holding a byte: 0 in the header', () => {
    const sealed = RECORD_SIZE + 16;
    expect(recordStart(0)).toBe(0);
    expect(recordStart(7)).toBe(0);
    expect(recordStart(8)).toBe(8);
    expect(recordStart(8 + sealed - 1)).toBe(8);
    expect(recordStart(8 + sealed)).toBe(8 + sealed);
    expect(recordStart(8 + 3 * sealed + 100)).toBe(8 + 3 * sealed);
    // The start of each file's span is the start of its first record.
    const span = fileSpan(5 * RECORD_SIZE + 9, 10, 9 * RECORD_SIZE)!;
    expect(recordStart(span.byteStart + 1)).toBe(span.byteStart);
  });
});
