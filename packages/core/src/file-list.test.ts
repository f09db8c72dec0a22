import { describe, expect, it } from 'vitest';
import { lastSegment, linkName, safeEntryPath, temporaryNameClash, visibleName } from './file-list';

describe('linkName', () => {
  it('names a shared folder by its name and loose files by their count', () => {
    expect(linkName(['report.pdf'])).toBe('report.pdf');
    expect(linkName(['Holiday/a.jpg', 'Holiday/sub/b.jpg'])).toBe('Holiday');
    expect(linkName(['a.jpg', 'b.jpg', 'c.txt'])).toBe('3 files');
    expect(linkName(['Holiday/a.jpg', 'Work/b.jpg'])).toBe('2 files');
    expect(linkName(['Holiday/a.jpg', 'b.jpg'])).toBe('2 files');
  });

  it('shows a hidden character in a folder name instead of obeying it', () => {
    expect(linkName(['Hol\u202Eyad/a.jpg', 'Hol\u202Eyad/b.jpg'])).toBe('Hol[U+202E]yad');
  });
});

describe('safeEntryPath', () => {
  it('keeps relative paths and removes every way out of the target folder', () => {
    expect(safeEntryPath('Holiday/sub/b.jpg')).toBe('Holiday/sub/b.jpg');
    expect(safeEntryPath('../../etc/passwd')).toBe('etc/passwd');
    expect(safeEntryPath('/abs/./x//y')).toBe('abs/x/y');
    expect(safeEntryPath('C:\\Windows\\x.dll')).toBe('Windows/x.dll');
    expect(safeEntryPath('..')).toBe('file');
    expect(lastSegment('Holiday/sub/b.jpg')).toBe('b.jpg');
  });

  it('writes out right-to-left overrides, bidirectional marks and C0/C1 controls visibly', () => {
    expect(safeEntryPath('invoice\u202Efdp.exe')).toBe('invoice[U+202E]fdp.exe');
    expect(lastSegment('docs/a\u009B2Jb.txt')).toBe('a[U+009B]2Jb.txt');
    expect(safeEntryPath('a/\u0000b')).toBe('a/[U+0000]b');
    expect(safeEntryPath('x\u001b[2Jy')).toBe('x[U+001B][2Jy');
  });
});

describe('visibleName', () => {
  it('writes out every bidirectional control and mark, C0, DEL and C1, and nothing else', () => {
    const hidden = [
      ...'\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C',
      '\u0000',
      '\u0007',
      '\u001F',
      '\u007F',
      '\u0080',
      '\u009B',
      '\u009F',
    ];
    for (const char of hidden) {
      const code = char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
      expect(visibleName(`a${char}b`)).toBe(`a[U+${code}]b`);
    }
    expect(visibleName('Résumé – 東京 ✓.pdf')).toBe('Résumé – 東京 ✓.pdf');
  });
});

describe('temporaryNameClash', () => {
  it('finds an entry named like the temporary file or resume record of another one', () => {
    expect(temporaryNameClash(['a', 'a.part'])).toEqual({ entry: 'a', clash: 'a.part' });
    expect(temporaryNameClash(['d/a.part.sealdrop', 'd/a'])).toEqual({
      entry: 'd/a',
      clash: 'd/a.part.sealdrop',
    });
    // Compared as they are written: `../a` lands on `a`.
    expect(temporaryNameClash(['../a', 'a.part'])).toEqual({ entry: 'a', clash: 'a.part' });
  });

  it('lets a .part file through when nothing else in the link is written to that name', () => {
    expect(temporaryNameClash(['a.part'])).toBeNull();
    expect(temporaryNameClash(['a.part', 'b'])).toBeNull();
    expect(temporaryNameClash(['x/a', 'y/a.part'])).toBeNull();
  });
});
