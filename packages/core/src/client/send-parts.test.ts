import { describe, expect, it } from 'vitest';
import { missingParts, type SendPartsOptions, sendParts } from './send-parts';

const noWait = async () => {};

function options(over: Partial<SendPartsOptions<string>> = {}): SendPartsOptions<string> {
  let batch = 0;
  return {
    partCount: 5,
    initialUrls: [{ partNumber: 1, url: 'u1-0' }],
    requestPartUrls: async (numbers) => {
      batch += 1;
      return numbers.map((n) => ({ partNumber: n, url: `u${n}-${batch}` }));
    },
    concurrency: 2,
    partBytes: () => 10,
    bodyFor: (n) => `body ${n}`,
    put: async ({ partNumber, onBytes }) => {
      onBytes(10);
      return `etag-${partNumber}`;
    },
    missingEtag: (n) => new Error(`no ETag for ${n}`),
    retry: {
      policy: { attempts: 3, baseDelayMs: 1, maxDelayMs: 1 },
      shouldRetry: () => true,
      sleep: noWait,
    },
    ...over,
  };
}

describe('sendParts', () => {
  it('sends every part, at most `concurrency` at once, and returns the ETags in order', async () => {
    let running = 0;
    let most = 0;
    const parts = await sendParts(
      options({
        put: async ({ partNumber }) => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((r) => setTimeout(r, 5));
          running -= 1;
          return `etag-${partNumber}`;
        },
      }),
    );
    expect(parts.map((p) => p.etag)).toEqual(['etag-1', 'etag-2', 'etag-3', 'etag-4', 'etag-5']);
    expect(most).toBe(2);
  });

  it('sends only the parts a resumed upload lacks, and counts the others as sent', async () => {
    const sent: number[] = [];
    const progress: number[] = [];
    const parts = await sendParts(
      options({
        completed: [
          { partNumber: 1, etag: 'old-1' },
          { partNumber: 2, etag: 'old-2' },
        ],
        put: async ({ partNumber }) => {
          sent.push(partNumber);
          return `etag-${partNumber}`;
        },
        onBytes: (bytes) => progress.push(bytes),
      }),
    );
    expect(sent.sort()).toEqual([3, 4, 5]);
    expect(parts.map((p) => p.etag)).toEqual(['old-1', 'old-2', 'etag-3', 'etag-4', 'etag-5']);
    expect(progress[0]).toBe(20);
    expect(progress.at(-1)).toBe(50);
  });

  it('asks for a fresh URL before trying a failed part again', async () => {
    const urls: string[] = [];
    let failed = false;
    await sendParts(
      options({
        partCount: 1,
        put: async ({ url }) => {
          urls.push(url);
          if (!failed) {
            failed = true;
            throw new TypeError('network error');
          }
          return 'etag';
        },
      }),
    );
    expect(urls).toEqual(['u1-0', 'u1-1']);
  });

  it('hands each stored part to onPartDone before going on', async () => {
    const saved: number[] = [];
    await sendParts(
      options({
        concurrency: 1,
        onPartDone: async (part) => {
          await new Promise((r) => setTimeout(r, 1));
          saved.push(part.partNumber);
        },
      }),
    );
    expect(saved).toEqual([1, 2, 3, 4, 5]);
  });

  it('fails without retrying when storage sends no ETag', async () => {
    let tries = 0;
    const failing = sendParts(
      options({
        partCount: 1,
        put: async () => {
          tries += 1;
          return null;
        },
        retry: {
          policy: { attempts: 3, baseDelayMs: 1, maxDelayMs: 1 },
          shouldRetry: (error) => !String(error).includes('ETag'),
          sleep: noWait,
        },
      }),
    );
    await expect(failing).rejects.toThrow('no ETag for 1');
    expect(tries).toBe(1);
  });
});

describe('missingParts', () => {
  it('lists the parts no completed part covers, in order', () => {
    expect(missingParts(5, [{ partNumber: 4 }, { partNumber: 1 }])).toEqual([2, 3, 5]);
    expect(missingParts(2, [{ partNumber: 1 }, { partNumber: 2 }])).toEqual([]);
  });
});
