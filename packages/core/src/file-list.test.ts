import { describe, expect, it } from 'vitest';
import { lastSegment, linkName, safeEntryPath } from './file-list';

describe('linkName', () => {
  it('names a shared folder by its name and loose files by their count', () => {
    expect(linkName(['report.pdf'])).toBe('report.pdf');
    expect(linkName(['Holiday/a.jpg', 'Holiday/sub/b.jpg'])).toBe('Holiday');
    expect(linkName(['a.jpg', 'b.jpg', 'c.txt'])).toBe('3 files');
    expect(linkName(['Holiday/a.jpg', 'Work/b.jpg'])).toBe('2 files');
    expect(linkName(['Holiday/a.jpg', 'b.jpg'])).toBe('2 files');
  });
});

describe('safeEntryPath', () => {
  it('keeps relative paths and removes every way out of the target folder', () => {
    expect(safeEntryPath('Holiday/sub/b.jpg')).toBe('Holiday/sub/b.jpg');
    expect(safeEntryPath('../../etc/passwd')).toBe('etc/passwd');
    expect(safeEntryPath('/abs/./x//y')).toBe('abs/x/y');
    expect(safeEntryPath('C:\\Windows\\x.dll')).toBe('Windows/x.dll');
    expect(safeEntryPath('a/\u0000b')).toBe('a/b');
    expect(safeEntryPath('..')).toBe('file');
    expect(lastSegment('Holiday/sub/b.jpg')).toBe('b.jpg');
  });
});
