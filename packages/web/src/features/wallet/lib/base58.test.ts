import { describe, expect, it } from 'vitest';
import { decodeBase58 } from '../testing/fake-standard-wallet';
import { encodeBase58 } from './base58';

const text = (value: string) => new TextEncoder().encode(value);

describe('encodeBase58', () => {
  it('encodes known vectors of the Bitcoin alphabet', () => {
    expect(encodeBase58(text('Hello World!'))).toBe('2NEpo7TZRRrLZSi2U');
    expect(encodeBase58(text('The quick brown fox jumps over the lazy dog.'))).toBe(
      'USm3fpXnKG5EUBx2ndxBDMPVciP5hGey2Jh4NDv6gmeo1LkMeiKrLJUUBk6Z',
    );
    expect(encodeBase58(new Uint8Array([0x00, 0x00, 0x28, 0x7f, 0xb4, 0xcd]))).toBe('11233QC4');
  });

  it('keeps leading zero bytes as leading 1s and encodes nothing as an empty string', () => {
    expect(encodeBase58(new Uint8Array([0]))).toBe('1');
    expect(encodeBase58(new Uint8Array(32))).toBe('1'.repeat(32));
    expect(encodeBase58(new Uint8Array())).toBe('');
  });

  it('round-trips 64-byte signatures', () => {
    for (let run = 0; run < 20; run += 1) {
      const signature = crypto.getRandomValues(new Uint8Array(64));
      if (run === 0) signature[0] = 0;
      expect(decodeBase58(encodeBase58(signature))).toEqual(signature);
    }
  });
});
