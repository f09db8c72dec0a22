import { describe, expect, it } from 'vitest';
import { concatBytes } from './bytes';

describe('concatBytes', () => {
  it('joins parts in order into a new array', () => {
    const first = Uint8Array.of(1, 2);
    const joined = concatBytes([first, new Uint8Array(0), Uint8Array.of(3)]);
    expect([...joined]).toEqual([1, 2, 3]);
    joined[0] = 9;
    expect(first[0]).toBe(1);
  });

  it('gives an empty array for no parts', () => {
    expect(concatBytes([]).length).toBe(0);
  });
});
