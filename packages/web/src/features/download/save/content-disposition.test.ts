import { describe, expect, it } from 'vitest';
import { contentDisposition, safeFileName } from './content-disposition';

describe('contentDisposition', () => {
  it('names a plain ASCII file in both parameters', () => {
    expect(contentDisposition('report.pdf')).toBe(
      `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
    );
  });

  it('encodes any other character per RFC 5987 and gives an ASCII fallback', () => {
    expect(contentDisposition('Größe (final)*.txt')).toBe(
      `attachment; filename="Gr__e (final)*.txt"; filename*=UTF-8''Gr%C3%B6%C3%9Fe%20%28final%29%2A.txt`,
    );
  });

  it('cannot be broken out of by quotes, backslashes or line breaks', () => {
    const header = contentDisposition('a"b\\c\r\nSet-Cookie: x');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.startsWith('attachment; filename="a_b_c[U+000D][U+000A]Set-Cookie: x";')).toBe(
      true,
    );
  });
});

describe('safeFileName', () => {
  it('falls back to "downloaded-file" when there is no usable name', () => {
    expect(safeFileName('')).toBe('downloaded-file');
    expect(safeFileName('   ')).toBe('downloaded-file');
    expect(safeFileName(undefined)).toBe('downloaded-file');
    expect(safeFileName('..')).toBe('downloaded-file');
  });

  it('removes path separators', () => {
    expect(safeFileName('../etc/passwd')).toBe('.._etc_passwd');
  });

  it('writes out a right-to-left override and C1 controls instead of passing them on', () => {
    expect(safeFileName('invoice\u202Efdp.exe')).toBe('invoice[U+202E]fdp.exe');
    expect(safeFileName('a\u009B2Jb.txt')).toBe('a[U+009B]2Jb.txt');
  });
});
