import { INVALID_LINK_MESSAGE } from '@sealdrop/core/download-messages';
import { describe, expect, it } from 'vitest';
import { parseLink } from './link';

describe('parseLink', () => {
  it('reads short links and download pages, keeping the fragment apart', () => {
    expect(parseLink('https://drop.example/s/abcDEF12345#key=k&iv=i')).toEqual({
      origin: 'https://drop.example',
      kind: 's',
      code: 'abcDEF12345',
      fragment: 'key=k&iv=i',
    });
    expect(parseLink(' http://127.0.0.1:8080/download/abcDEF12345 \n')).toMatchObject({
      origin: 'http://127.0.0.1:8080',
      kind: 'download',
      fragment: '',
    });
  });

  it('refuses anything else with the page text', () => {
    for (const link of [
      'abcDEF12345',
      'https://drop.example/x/abcDEF12345',
      'https://drop.example/s/short',
      'https://drop.example/s/abcDEF12345/../../etc',
      'ftp://drop.example/s/abcDEF12345',
    ]) {
      expect(() => parseLink(link), link).toThrow(INVALID_LINK_MESSAGE);
    }
  });
});
