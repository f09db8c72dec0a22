import { describe, expect, it } from 'vitest';
import { createPartUrlPool } from './part-url-pool';

function recordingRequest() {
  const asked: number[][] = [];
  const request = async (partNumbers: number[]) => {
    asked.push(partNumbers);
    return partNumbers.map((partNumber) => ({ partNumber, url: `https://s.test/${partNumber}` }));
  };
  return { asked, request };
}

describe('createPartUrlPool', () => {
  it('fetches the missing URLs in one batch from the part asked for', async () => {
    const { asked, request } = recordingRequest();
    const pool = createPartUrlPool({ initial: [], partCount: 5, request, batchSize: 3 });
    expect(await pool.get(2)).toBe('https://s.test/2');
    expect(await pool.get(3)).toBe('https://s.test/3');
    expect(asked).toEqual([[2, 3, 4]]);
  });

  it('never asks again for a part already sent or stored before a reload', async () => {
    const { asked, request } = recordingRequest();
    const pool = createPartUrlPool({ initial: [], partCount: 4, request, skip: new Set([1]) });
    // A later part is fetched, sent and released before an earlier one asks for its URL.
    await pool.get(3);
    pool.release(3);
    await pool.get(2);
    expect(asked).toEqual([[3, 4], [2]]);
  });

  it('asks for a fresh URL after a failure even when one is known', async () => {
    const { asked, request } = recordingRequest();
    const pool = createPartUrlPool({
      initial: [{ partNumber: 1, url: 'https://old.test/1' }],
      partCount: 1,
      request,
    });
    expect(await pool.get(1)).toBe('https://old.test/1');
    expect(await pool.get(1, true)).toBe('https://s.test/1');
    expect(asked).toEqual([[1]]);
  });
});
