import { describe, expect, it } from 'vitest';
import { concatBytes } from '../bytes';
import { RECORD_SIZE } from '../record-format';
import { partChunks, partCount, partObjectSize, partPlainRange } from '../upload-plan';
import { encryptBytes, sealPartRecords } from './record-cipher';
import { firstDifference, pattern, VECTOR_IV, vectorKey } from './test-helpers';

const PART = 4 * RECORD_SIZE;
const CHUNK = RECORD_SIZE * 3; // does not divide the part: the last chunk of a part is shorter

/** Seals every chunk of every part and joins them: must equal the whole file sealed at once. */
async function sealedByChunks(plain: Uint8Array, chunkSize: number) {
  const key = await vectorKey();
  const pieces: Uint8Array[] = [];
  for (let part = 1; part <= partCount(plain.length, PART); part++) {
    const partPieces: Uint8Array[] = [];
    for (const chunk of partChunks(plain.length, PART, part, chunkSize)) {
      partPieces.push(
        ...(await sealPartRecords({
          key,
          iv: VECTOR_IV,
          plaintext: plain.subarray(chunk.start, chunk.end),
          firstRecordIndex: chunk.firstRecordIndex,
          isLastPart: chunk.isLastPart,
          withHeader: chunk.withHeader,
        })),
      );
    }
    const partBytes = partPieces.reduce((sum, piece) => sum + piece.length, 0);
    expect(partBytes).toBe(partObjectSize(plain.length, true, PART, part));
    pieces.push(...partPieces);
  }
  return concatBytes(pieces);
}

describe('partChunks', () => {
  it.each([
    ['several parts, the last one short of a record', PART * 2 + RECORD_SIZE + 17],
    ['an exact number of parts', PART * 3],
    ['one part smaller than a chunk', 100],
    ['an empty file', 0],
  ])('sealing chunk by chunk gives the same object: %s', async (_, size) => {
    const plain = pattern(size);
    const whole = await encryptBytes(await vectorKey(), VECTOR_IV, plain);
    expect(firstDifference(await sealedByChunks(plain, CHUNK), whole)).toBeNull();
  });

  it('covers the part exactly, in order, header first and final marker last only', () => {
    const size = PART * 2 + 5;
    const flags = [1, 2, 3].map((part) => partChunks(size, PART, part, CHUNK));
    for (const [index, chunks] of flags.entries()) {
      const range = partPlainRange(size, PART, index + 1);
      expect(chunks[0]?.start).toBe(range.start);
      expect(chunks.at(-1)?.end).toBe(range.end);
      for (let i = 1; i < chunks.length; i++) expect(chunks[i]?.start).toBe(chunks[i - 1]?.end);
    }
    expect(flags.flat().filter((chunk) => chunk.withHeader)).toEqual([flags[0]?.[0]]);
    expect(flags.flat().filter((chunk) => chunk.isLastPart)).toEqual([flags[2]?.at(-1)]);
  });

  it('refuses a chunk size that would split a record', () => {
    expect(() => partChunks(PART, PART, 1, RECORD_SIZE + 1)).toThrow(RangeError);
    expect(() => partChunks(PART, PART, 1, 0)).toThrow(RangeError);
  });
});
