import { describe, expect, it } from 'vitest';
import { encodeHeader, parseHeader, UnsupportedFormatError } from './record-header';
import { toHex } from './test-helpers';

describe('record header', () => {
  it('is SEAL, version 1, log2 record size 16, two zero bytes', () => {
    expect(toHex(encodeHeader())).toBe('5345414c01100000');
  });

  it('parses its own encoding', () => {
    expect(parseHeader(encodeHeader())).toEqual({ version: 1, recordSize: 65536 });
  });

  it.each([
    [0, 0x58, /unknown magic/],
    [4, 2, /Unsupported encryption format version 2/],
    [5, 20, /Unsupported record size 2\^20/],
    [6, 1, /reserved header bytes/],
    [7, 1, /reserved header bytes/],
  ])('refuses a header with byte %i set to %i', (at, value, message) => {
    const header = encodeHeader();
    header[at] = value;
    expect(() => parseHeader(header)).toThrow(UnsupportedFormatError);
    expect(() => parseHeader(header)).toThrow(message);
  });

  it('refuses fewer than 8 bytes', () => {
    expect(() => parseHeader(encodeHeader().subarray(0, 7))).toThrow(/header is incomplete/);
  });
});
