import { describe, expect, it } from 'vitest';
import { recordNonce } from './record-seal';
import { toHex, VECTOR_IV } from './test-helpers';

describe('record nonce', () => {
  it('is the iv itself for record 0', () => {
    expect(recordNonce(VECTOR_IV, 0)).toEqual(VECTOR_IV);
  });

  it('XORs the index, big-endian, into the last 8 bytes of the iv', () => {
    expect(toHex(recordNonce(VECTOR_IV, 1))).toBe('a0a1a2a3a4a5a6a7a8a9aaaa');
    expect(toHex(recordNonce(VECTOR_IV, 0x0102))).toBe('a0a1a2a3a4a5a6a7a8a9aba9');
    expect(toHex(recordNonce(VECTOR_IV, 2 ** 32 + 1))).toBe('a0a1a2a3a4a5a6a6a8a9aaaa');
  });

  it('gives distinct nonces to distinct records', () => {
    const seen = new Set(Array.from({ length: 5000 }, (_, i) => toHex(recordNonce(VECTOR_IV, i))));
    expect(seen.size).toBe(5000);
  });

  it('does not modify the iv it derives from', () => {
    const iv = new Uint8Array(VECTOR_IV);
    recordNonce(iv, 12345);
    expect(iv).toEqual(VECTOR_IV);
  });

  it.each([-1, 0.5, 2 ** 53])('refuses the record index %d', (index) => {
    expect(() => recordNonce(VECTOR_IV, index)).toThrow(RangeError);
  });
});
