import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from './base64url';
import { firstDifference, pattern } from './test-helpers';

describe('base64url', () => {
  it('encodes without padding using the URL-safe alphabet', () => {
    expect(toBase64Url(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('-_-_');
    expect(toBase64Url(new Uint8Array([0x66]))).toBe('Zg');
    expect(toBase64Url(new Uint8Array([0x66, 0x6f]))).toBe('Zm8');
    expect(toBase64Url(new Uint8Array())).toBe('');
  });

  it('round-trips every length from 0 to 64 and a large buffer', () => {
    for (let length = 0; length <= 64; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + length) & 0xff);
      expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
    }
    // Larger than one String.fromCharCode batch, so the batching is exercised.
    const large = pattern(100_003);
    expect(firstDifference(fromBase64Url(toBase64Url(large)), large)).toBeNull();
  });

  it('decodes the test-vector key', () => {
    expect(fromBase64Url('AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8')).toEqual(
      Uint8Array.from({ length: 32 }, (_, i) => i),
    );
  });

  it.each([
    ['padding', 'Zg=='],
    ['standard base64 characters', '+/+/'],
    ['whitespace', 'Zm 8'],
    ['an impossible length', 'Zm8vY'],
    ['non-zero unused bits', 'Zh'],
    ['non-ASCII text', 'Zé'],
  ])('rejects %s', (_, text) => {
    expect(() => fromBase64Url(text)).toThrow(SyntaxError);
  });
});
