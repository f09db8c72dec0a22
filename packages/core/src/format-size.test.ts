import { describe, expect, it } from 'vitest';
import { formatSize, formatSpeed } from './format-size';

describe('formatSize, the one size format of the web app, the CLI and the server', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1234, '1.2 KB'],
    [1536, '1.5 KB'],
    [10 * 1024, '10 KB'],
    [1024 ** 2, '1 MB'],
    [1024 ** 2 * 2.25, '2.3 MB'],
    [1024 ** 2 * 9.96, '10 MB'],
    [1024 ** 2 - 1, '1 MB'],
    [1024 ** 3 * 5, '5 GB'],
    [1024 ** 4 * 12, '12 TB'],
    [1024 ** 5 * 2, '2048 TB'],
    [-1, '0 B'],
    [Number.NaN, '0 B'],
  ])('writes %d bytes as %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });

  it('writes a file of 20.01 MB the same whichever page shows it', () => {
    // The sender's card said "20 MB" and the recipient's page "20.01 MB" with two formatters.
    expect(formatSize(20.01 * 1024 ** 2)).toBe('20 MB');
  });
});

describe('formatSpeed', () => {
  it.each([
    [0, '0.0 MB/s'],
    [1048576, '1.0 MB/s'],
    [1.55 * 1048576, '1.6 MB/s'],
    [Number.NaN, '0.0 MB/s'],
  ])('writes %d bytes per second as %s', (speed, text) => {
    expect(formatSpeed(speed)).toBe(text);
  });
});
