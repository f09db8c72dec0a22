/**
 * Frozen test vectors (also in docs/encryption.md). They were computed once with an independent
 * node:crypto implementation of the documented format; if one changes, the format changed.
 */
import { describe, expect, it } from 'vitest';
import { RECORD_SIZE } from '../record-format';
import { decryptBytes, encryptBytes } from './record-cipher';
import { pattern, sha256Hex, toHex, VECTOR_IV, vectorKey } from './test-helpers';

const EMPTY_FILE = '5345414c011000004362698847df205552ae99c1b7cc8525';
const SHORT_TEXT = 'Sealdrop test vector';
const SHORT_FILE =
  '5345414c01100000b57d1d4121b96dcf4211e2a0735ab6bb13d836629f28bd2d6e728a234b867c51c6e8b773';
const MULTI_LENGTH = 2 * RECORD_SIZE + 5;
const MULTI_SHA256 = '7ca0f2b09d9d5e9fad1546a13f616bb4f25514555514a3e1adf73a506648c6aa';
const MULTI_RECORD0_START = 'e5126d355aed2f8b5927ce835024a5b2';
const MULTI_RECORD0_TAG = 'b077273f2090a8041852b45f8c0cbcec';
const MULTI_LAST_RECORD = '6cdb7e27725f3ad3fc67052bec2a0d5c3f73d2dae6';

describe('test vectors (key 00..1f, iv a0..ab)', () => {
  it('encrypts an empty file to the header and one empty final record', async () => {
    const sealed = await encryptBytes(await vectorKey(), VECTOR_IV, new Uint8Array());
    expect(toHex(sealed)).toBe(EMPTY_FILE);
  });

  it('encrypts a short text to the frozen bytes', async () => {
    const sealed = await encryptBytes(
      await vectorKey(),
      VECTOR_IV,
      new TextEncoder().encode(SHORT_TEXT),
    );
    expect(toHex(sealed)).toBe(SHORT_FILE);
  });

  it('encrypts three records (2 full + 5 bytes of the pattern) to the frozen bytes', async () => {
    const sealed = await encryptBytes(await vectorKey(), VECTOR_IV, pattern(MULTI_LENGTH));
    expect(sealed).toHaveLength(8 + MULTI_LENGTH + 3 * 16);
    expect(await sha256Hex(sealed)).toBe(MULTI_SHA256);
    expect(toHex(sealed.subarray(8, 24))).toBe(MULTI_RECORD0_START);
    expect(toHex(sealed.subarray(8 + RECORD_SIZE, 8 + RECORD_SIZE + 16))).toBe(MULTI_RECORD0_TAG);
    expect(toHex(sealed.subarray(8 + 2 * (RECORD_SIZE + 16)))).toBe(MULTI_LAST_RECORD);
  });

  it('decrypts the frozen vectors back to their plaintexts', async () => {
    const key = await vectorKey();
    const hex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (h) => parseInt(h, 16));
    expect(await decryptBytes(key, VECTOR_IV, hex(EMPTY_FILE))).toHaveLength(0);
    const short = await decryptBytes(key, VECTOR_IV, hex(SHORT_FILE));
    expect(new TextDecoder().decode(short)).toBe(SHORT_TEXT);
  });
});
