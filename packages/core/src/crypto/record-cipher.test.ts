import { describe, expect, it } from 'vitest';
import { RECORD_SIZE } from '../record-format';
import { objectSize, partCount, partObjectSize, partPlainRange } from '../upload-plan';
import {
  createDecryptionStream,
  decryptBytes,
  encryptBytes,
  encryptPart,
  RECORDS_IN_FLIGHT,
  sealPartRecords,
} from './record-cipher';
import {
  decryptChunks,
  firstDifference,
  pattern,
  randomChunks,
  seededRandom,
  VECTOR_IV,
  vectorKey,
} from './test-helpers';

const SIZES = [
  0,
  1,
  RECORD_SIZE - 1,
  RECORD_SIZE,
  RECORD_SIZE + 1,
  3 * RECORD_SIZE,
  5 * RECORD_SIZE + 77,
];

/** Encrypts a file the way the uploader does: part by part, all parts at once. */
async function encryptInParts(key: CryptoKey, plaintext: Uint8Array, partSize: number) {
  const count = partCount(plaintext.length, partSize);
  const parts = await Promise.all(
    Array.from({ length: count }, (_, i) => {
      const { start, end } = partPlainRange(plaintext.length, partSize, i + 1);
      return encryptPart({
        key,
        iv: VECTOR_IV,
        plaintext: plaintext.subarray(start, end),
        firstRecordIndex: start / RECORD_SIZE,
        isLastPart: i === count - 1,
        withHeader: i === 0,
      });
    }),
  );
  return { parts, whole: new Uint8Array(await new Blob(parts).arrayBuffer()) };
}

describe('encryptBytes / decryptBytes', () => {
  it.each(SIZES)('round-trips %i bytes, with the size upload-plan predicts', async (size) => {
    const key = await vectorKey();
    const plaintext = pattern(size);
    const sealed = await encryptBytes(key, VECTOR_IV, plaintext);
    expect(sealed).toHaveLength(objectSize(size, true));
    expect(firstDifference(await decryptBytes(key, VECTOR_IV, sealed), plaintext)).toBeNull();
  });
});

describe('encryptPart', () => {
  it.each([
    [5 * RECORD_SIZE + 77, RECORD_SIZE],
    [5 * RECORD_SIZE + 77, 2 * RECORD_SIZE],
    [4 * RECORD_SIZE, 2 * RECORD_SIZE],
    [RECORD_SIZE - 1, 2 * RECORD_SIZE],
    [0, RECORD_SIZE],
  ])(
    'parts of a %i-byte file (part size %i) concatenate to the whole-file encryption',
    async (size, partSize) => {
      const key = await vectorKey();
      const plaintext = pattern(size);
      const { parts, whole } = await encryptInParts(key, plaintext, partSize);
      expect(firstDifference(whole, await encryptBytes(key, VECTOR_IV, plaintext))).toBeNull();
      parts.forEach((part, i) => {
        expect(part).toHaveLength(partObjectSize(size, true, partSize, i + 1));
      });
    },
  );

  it('hands out a part as its header and one piece per sealed record, the same bytes', async () => {
    const key = await vectorKey();
    const part = {
      key,
      iv: VECTOR_IV,
      plaintext: pattern(2 * RECORD_SIZE + 5),
      firstRecordIndex: 0,
      isLastPart: true,
      withHeader: true,
    };
    const pieces = await sealPartRecords(part);
    expect(pieces.map((piece) => piece.length)).toEqual([
      8,
      RECORD_SIZE + 16,
      RECORD_SIZE + 16,
      21,
    ]);
    const joined = new Uint8Array(await new Blob(pieces).arrayBuffer());
    expect(firstDifference(joined, await encryptPart(part))).toBeNull();
  });

  it('refuses a middle part that is not a whole number of records', async () => {
    const input = { key: await vectorKey(), iv: VECTOR_IV, firstRecordIndex: 0, withHeader: true };
    await expect(
      encryptPart({ ...input, plaintext: pattern(100), isLastPart: false }),
    ).rejects.toThrow(RangeError);
    await expect(
      encryptPart({ ...input, plaintext: new Uint8Array(), isLastPart: false }),
    ).rejects.toThrow(RangeError);
  });

  it('refuses a header on a part that does not start at record 0', async () => {
    const part = {
      key: await vectorKey(),
      iv: VECTOR_IV,
      plaintext: pattern(10),
      isLastPart: true,
    };
    await expect(encryptPart({ ...part, firstRecordIndex: 2, withHeader: true })).rejects.toThrow(
      /record 0/,
    );
  });

  it('refuses an empty last part after other parts', async () => {
    const part = {
      key: await vectorKey(),
      iv: VECTOR_IV,
      plaintext: new Uint8Array(),
      withHeader: false,
    };
    await expect(encryptPart({ ...part, firstRecordIndex: 3, isLastPart: true })).rejects.toThrow(
      RangeError,
    );
  });
});

describe('createDecryptionStream', () => {
  it.each([
    [3, RECORD_SIZE + 77],
    [1000, 5 * RECORD_SIZE + 77],
    [RECORD_SIZE + 16, 5 * RECORD_SIZE + 77],
    [300_000, 5 * RECORD_SIZE + 77],
  ])(
    'decrypts parts fed in random chunks of up to %i bytes (%i-byte file)',
    { timeout: 20_000 },
    async (maxChunk, size) => {
      const key = await vectorKey();
      const plaintext = pattern(size);
      const { whole } = await encryptInParts(key, plaintext, 2 * RECORD_SIZE);
      const chunks = randomChunks(whole, maxChunk, seededRandom(maxChunk));
      expect(firstDifference(await decryptChunks(key, VECTOR_IV, chunks), plaintext)).toBeNull();
    },
  );

  it.each(SIZES)('decrypts a %i-byte file cut exactly at record boundaries', async (size) => {
    const key = await vectorKey();
    const plaintext = pattern(size);
    const sealed = await encryptBytes(key, VECTOR_IV, plaintext);
    const chunks = [sealed.subarray(0, 8)];
    for (let at = 8; at < sealed.length; at += RECORD_SIZE + 16) {
      chunks.push(sealed.subarray(at, at + RECORD_SIZE + 16));
    }
    expect(firstDifference(await decryptChunks(key, VECTOR_IV, chunks), plaintext)).toBeNull();
  });

  it('ignores empty chunks', async () => {
    const key = await vectorKey();
    const sealed = await encryptBytes(key, VECTOR_IV, pattern(10));
    const chunks = [new Uint8Array(), sealed.subarray(0, 3), new Uint8Array(), sealed.subarray(3)];
    expect(firstDifference(await decryptChunks(key, VECTOR_IV, chunks), pattern(10))).toBeNull();
  });

  it('emits plaintext before the whole object has arrived', async () => {
    const key = await vectorKey();
    const sealed = await encryptBytes(
      key,
      VECTOR_IV,
      pattern((RECORDS_IN_FLIGHT + 4) * RECORD_SIZE),
    );
    const stream = createDecryptionStream(key, VECTOR_IV);
    const writer = stream.writable.getWriter();
    const reader = stream.readable.getReader();
    writer.write(sealed.subarray(0, sealed.length - 10)).catch(() => {});
    const first = await reader.read();
    expect(firstDifference(first.value!, pattern(RECORD_SIZE))).toBeNull();
    await reader.cancel();
  });

  it('stops taking ciphertext while its output is not being read', async () => {
    const key = await vectorKey();
    const sealed = await encryptBytes(key, VECTOR_IV, pattern(4 * RECORDS_IN_FLIGHT * RECORD_SIZE));
    const stream = createDecryptionStream(key, VECTOR_IV);
    const writer = stream.writable.getWriter();
    let accepted = 0;
    for (let at = 0; at < sealed.length; at += RECORD_SIZE) {
      writer.write(sealed.subarray(at, at + RECORD_SIZE)).then(
        () => accepted++,
        () => {},
      );
    }
    const reader = stream.readable.getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The records in flight and a little lookahead, not the whole object.
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThanOrEqual(RECORDS_IN_FLIGHT + 2);
    await reader.cancel();
  });
});
