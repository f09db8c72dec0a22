import { describe, expect, it } from 'vitest';
import { formatFileSize, formatSize } from './format-size';

describe('formatSize (upload card)', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [10 * 1024, '10 KB'],
    [1024 ** 2 * 2.25, '2.3 MB'],
    [1024 ** 3 * 5, '5.0 GB'],
    [1024 ** 4 * 12, '12 TB'],
    [-1, '0 B'],
    [Number.NaN, '0 B'],
  ])('shows %d bytes as %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });
});

describe('formatFileSize (download page)', () => {
  it.each([
    [0, '0 Bytes'],
    [500, '500 Bytes'],
    [1024, '1 KB'],
    [1234, '1.21 KB'],
    [1024 ** 2 * 3.14001, '3.14 MB'],
    [1024 ** 3 * 2.5, '2.5 GB'],
    [1024 ** 4 * 3, '3072 GB'],
  ])('shows %d bytes as %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
