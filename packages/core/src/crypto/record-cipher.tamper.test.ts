/**
 * Every way of altering a stored object must make decryption fail with a clear error, whether
 * the object is decrypted in one piece or streamed in small chunks.
 */
import { describe, expect, it } from 'vitest';
import { concatBytes } from '../bytes';
import { HEADER_SIZE, RECORD_SIZE, TAG_SIZE } from '../record-format';
import { importKey } from './key-material';
import { decryptBytes, encryptBytes } from './record-cipher';
import { UnsupportedFormatError } from './record-header';
import { DECRYPTION_FAILED_MESSAGE, DecryptionError } from './record-seal';
import {
  decryptChunks,
  pattern,
  randomChunks,
  seededRandom,
  VECTOR_IV,
  vectorKey,
} from './test-helpers';

const SEALED = RECORD_SIZE + TAG_SIZE;
/** Byte offset of record i in the object. */
const at = (i: number) => HEADER_SIZE + i * SEALED;

async function sealedFile(size = 3 * RECORD_SIZE + 100) {
  return encryptBytes(await vectorKey(), VECTOR_IV, pattern(size));
}

const cut = (bytes: Uint8Array, end: number) => bytes.slice(0, end);
function flip(bytes: Uint8Array, index: number) {
  const copy = bytes.slice();
  copy[index]! ^= 0x01;
  return copy;
}
function swapRecords(bytes: Uint8Array, a: number, b: number) {
  const copy = bytes.slice();
  copy.set(bytes.subarray(at(a), at(a + 1)), at(b));
  copy.set(bytes.subarray(at(b), at(b + 1)), at(a));
  return copy;
}

/** Both decryption paths must refuse the bytes with a DecryptionError. */
async function expectRefused(bytes: Uint8Array, key?: CryptoKey, iv: Uint8Array = VECTOR_IV) {
  const usedKey = key ?? (await vectorKey());
  const error = await decryptBytes(usedKey, iv, bytes).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DecryptionError);
  expect((error as Error).message).toBe(DECRYPTION_FAILED_MESSAGE);
  const chunks = randomChunks(bytes, 20_000, seededRandom(bytes.length));
  await expect(decryptChunks(usedKey, iv, chunks)).rejects.toThrow(DecryptionError);
}

describe('tampering', () => {
  it('refuses a flipped byte in the first record ciphertext', async () => {
    await expectRefused(flip(await sealedFile(), at(0) + 5));
  });

  it('refuses a flipped byte in a middle record', async () => {
    await expectRefused(flip(await sealedFile(), at(1) + 1000));
  });

  it('refuses a flipped byte in a tag', async () => {
    const file = await sealedFile();
    await expectRefused(flip(file, at(1) - 1));
    await expectRefused(flip(file, file.length - 1));
  });

  it('refuses a dropped last record', async () => {
    await expectRefused(cut(await sealedFile(), at(3)));
  });

  it('refuses an object cut mid-record, mid-tag or mid-header', async () => {
    const file = await sealedFile();
    await expectRefused(cut(file, at(2) + 500));
    await expectRefused(cut(file, file.length - 3));
    await expectRefused(cut(file, at(1) + 10)); // leaves fewer bytes than a tag after record 0
    await expectRefused(cut(file, 5));
    await expectRefused(cut(file, HEADER_SIZE));
    await expectRefused(new Uint8Array());
  });

  it('refuses two swapped records', async () => {
    await expectRefused(swapRecords(await sealedFile(), 0, 1));
  });

  it('refuses an appended record, even one from the same file', async () => {
    const file = await sealedFile(2 * RECORD_SIZE);
    await expectRefused(concatBytes([file, file.subarray(at(1), at(2))]));
    await expectRefused(concatBytes([file, new Uint8Array(TAG_SIZE)]));
  });

  // Keys are never reused across files; this checks that even then a final record cannot be
  // moved into the middle of a longer file.
  it('refuses a final record spliced into the middle of another file', async () => {
    const a = await sealedFile(2 * RECORD_SIZE + 5);
    const b = await encryptBytes(await vectorKey(), VECTOR_IV, pattern(2 * RECORD_SIZE).reverse());
    const spliced = concatBytes([a.subarray(0, at(1)), b.subarray(at(1)), a.subarray(at(2))]);
    await expectRefused(spliced);
  });

  it('refuses a wrong key', async () => {
    const otherKey = await importKey(new Uint8Array(32).fill(7));
    await expectRefused(await sealedFile(), otherKey);
    await expectRefused(await sealedFile(0), otherKey);
  });

  it('refuses a wrong iv', async () => {
    const iv = VECTOR_IV.slice();
    iv[11]! ^= 0x80;
    await expectRefused(await sealedFile(), undefined, iv);
  });
});

describe('header tampering', () => {
  it.each([0, 4, 5, 6])('refuses the object when header byte %i is changed', async (index) => {
    const tampered = flip(await sealedFile(100), index);
    await expect(decryptBytes(await vectorKey(), VECTOR_IV, tampered)).rejects.toThrow(
      UnsupportedFormatError,
    );
    await expect(decryptChunks(await vectorKey(), VECTOR_IV, [tampered])).rejects.toThrow(
      UnsupportedFormatError,
    );
  });
});
