import { describe, expect, it } from 'vitest';
import { buildFragment, parseFragment } from './fragment';
import { VECTOR_IV, VECTOR_RAW_KEY } from './test-helpers';

const VECTOR_FRAGMENT = 'key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8&iv=oKGio6Slpqeoqaqr';

describe('link fragment', () => {
  it('builds key=…&iv=… in base64url', () => {
    expect(buildFragment({ rawKey: VECTOR_RAW_KEY, iv: VECTOR_IV })).toBe(VECTOR_FRAGMENT);
  });

  it('parses a fragment with or without the leading #', () => {
    const expected = { rawKey: VECTOR_RAW_KEY, iv: VECTOR_IV };
    expect(parseFragment(VECTOR_FRAGMENT)).toEqual(expected);
    expect(parseFragment(`#${VECTOR_FRAGMENT}`)).toEqual(expected);
  });

  it('accepts the parameters in any order and ignores unknown ones', () => {
    const [key, iv] = VECTOR_FRAGMENT.split('&');
    expect(parseFragment(`#${iv}&future=1&${key}`)).toEqual({
      rawKey: VECTOR_RAW_KEY,
      iv: VECTOR_IV,
    });
  });

  it.each([
    ['an empty hash', ''],
    ['a lone #', '#'],
    ['a missing iv', '#key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8'],
    ['a missing key', '#iv=oKGio6Slpqeoqaqr'],
    ['a short key', '#key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHg&iv=oKGio6Slpqeoqaqr'],
    ['a long iv', '#key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8&iv=oKGio6SlpqeoqaqrrA'],
    ['padded base64', '#key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=&iv=oKGio6Slpqeoqaqr'],
    ['invalid characters', '#key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdH!8&iv=oKGio6Slpqeoqaqr'],
    ['a repeated key', `#${VECTOR_FRAGMENT}&key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8`],
  ])('returns null for %s', (_, hash) => {
    expect(parseFragment(hash)).toBeNull();
  });

  it('refuses to build a fragment from wrong-length secrets', () => {
    expect(() => buildFragment({ rawKey: new Uint8Array(16), iv: VECTOR_IV })).toThrow(RangeError);
    expect(() => buildFragment({ rawKey: VECTOR_RAW_KEY, iv: new Uint8Array(16) })).toThrow(
      RangeError,
    );
  });
});
