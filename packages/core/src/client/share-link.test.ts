import { describe, expect, it } from 'vitest';
import { finalShareLink, shareLink } from './share-link';

describe('shareLink', () => {
  it('is /s/{code} on the origin, with the key only in the fragment', () => {
    expect(shareLink('https://drop.example', 'Ab3', 'key=k&iv=i')).toBe(
      'https://drop.example/s/Ab3#key=k&iv=i',
    );
    expect(shareLink('https://drop.example', 'Ab3')).toBe('https://drop.example/s/Ab3');
  });
});

describe('finalShareLink', () => {
  const origin = 'https://drop.example';
  it('prefers the reserved short code', () => {
    expect(
      finalShareLink({
        origin,
        shortCode: 'short',
        fileId: 'f',
        downloadUrl: '/s/f',
        fragment: 'key=k',
      }),
    ).toBe('https://drop.example/s/short#key=k');
  });

  it("puts the fragment on the server's download URL, made absolute", () => {
    expect(finalShareLink({ origin, fileId: 'f', downloadUrl: '/s/f', fragment: 'key=k' })).toBe(
      'https://drop.example/s/f#key=k',
    );
  });

  it('falls back to /s/{fileId} without a download URL', () => {
    expect(finalShareLink({ origin, fileId: 'f', fragment: null })).toBe(
      'https://drop.example/s/f',
    );
  });
});
