import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './storage.disposition';

describe('attachmentDisposition', () => {
  it('is a bare attachment when there is no file name', () => {
    expect(attachmentDisposition()).toBe('attachment');
  });

  it('gives old clients an ASCII name and new ones the exact UTF-8 name', () => {
    expect(attachmentDisposition('Überblick (v2)*.pdf')).toBe(
      `attachment; filename="Uberblick (v2)*.pdf"; filename*=UTF-8''%C3%9Cberblick%20%28v2%29%2A.pdf`,
    );
  });

  it('keeps quotes, backslashes, slashes and control characters out of the quoted name', () => {
    expect(attachmentDisposition('a"b\\c/d\ne.txt')).toMatch(
      /^attachment; filename="a_b_c_d_e.txt"; /,
    );
  });

  it('shortens non-ASCII runs in the fallback and never leaves it empty', () => {
    expect(attachmentDisposition('文件.zip')).toMatch(/^attachment; filename="_.zip"; /);
    expect(attachmentDisposition('   ')).toMatch(/^attachment; filename="download"; /);
  });

  it('percent-encodes RTL overrides, zero-width joiners and emoji, and keeps them out of the fallback', () => {
    for (const name of ['\u202efdp.exe', 'a\u200d\u200bb.txt', '👨‍👩‍👧.jpg', '<img src=x>.html']) {
      const header = attachmentDisposition(name);
      const [, fallback = '', encoded = ''] =
        /^attachment; filename="([^"]*)"; filename\*=UTF-8''([A-Za-z0-9%._~-]+)$/.exec(header) ??
        [];
      expect(fallback, header).toMatch(/^[\x20-\x7e]+$/);
      expect(decodeURIComponent(encoded)).toBe(name);
    }
    expect(attachmentDisposition('\u202efdp.exe')).toBe(
      `attachment; filename="_fdp.exe"; filename*=UTF-8''%E2%80%AEfdp.exe`,
    );
  });
});
