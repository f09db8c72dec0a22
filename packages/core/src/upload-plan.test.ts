import { describe, expect, it } from 'vitest';
import { HEADER_SIZE, RECORD_SIZE, TAG_SIZE } from './record-format';
import { objectSize, partCount, partObjectSize, partPlainRange } from './upload-plan';

const PART = 4 * RECORD_SIZE;

describe('upload plan', () => {
  it('stores plain files as they are and adds a header and one tag per record when encrypted', () => {
    expect(objectSize(1000, false)).toBe(1000);
    expect(objectSize(0, true)).toBe(HEADER_SIZE + TAG_SIZE);
    expect(objectSize(RECORD_SIZE, true)).toBe(HEADER_SIZE + RECORD_SIZE + TAG_SIZE);
    expect(objectSize(RECORD_SIZE + 1, true)).toBe(HEADER_SIZE + RECORD_SIZE + 1 + 2 * TAG_SIZE);
  });

  it('cuts a file into parts whose sizes add up to the object size', () => {
    for (const isEncrypted of [false, true]) {
      for (const size of [0, 1, PART, PART + 1, 3 * PART - 7]) {
        const count = partCount(size, PART);
        let total = 0;
        for (let n = 1; n <= count; n += 1) total += partObjectSize(size, isEncrypted, PART, n);
        expect(total, `${size} bytes, encrypted ${isEncrypted}`).toBe(
          objectSize(size, isEncrypted),
        );
      }
    }
  });

  it('gives each part a contiguous plaintext range and the last part the rest', () => {
    expect(partCount(2 * PART + 5, PART)).toBe(3);
    expect(partPlainRange(2 * PART + 5, PART, 1)).toEqual({ start: 0, end: PART });
    expect(partPlainRange(2 * PART + 5, PART, 3)).toEqual({ start: 2 * PART, end: 2 * PART + 5 });
  });
});
