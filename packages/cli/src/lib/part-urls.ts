/**
 * Pre-signed part URLs: presign hands out the first ones, POST /upload/parts the rest, in batches
 * as workers reach them, and a fresh one for a part that failed (its URL may have expired).
 */
import type { PartUrl } from '@sealdrop/core/api-schemas';

const BATCH = 20;

export function partUrlPool(options: {
  initial: readonly PartUrl[];
  partCount: number;
  /** Parts already stored (resumed) or sent: never asked for again. */
  done: Set<number>;
  request: (partNumbers: number[]) => Promise<PartUrl[]>;
}) {
  const { partCount, done, request } = options;
  const urls = new Map(options.initial.map((part) => [part.partNumber, part.url]));
  const pending = new Map<number, Promise<void>>();

  const fetchBatch = (numbers: number[]) => {
    const batch = request(numbers).then((parts) => {
      for (const part of parts) urls.set(part.partNumber, part.url);
    });
    for (const n of numbers) pending.set(n, batch);
    return batch.finally(() => {
      for (const n of numbers) if (pending.get(n) === batch) pending.delete(n);
    });
  };

  return {
    async get(partNumber: number, fresh: boolean): Promise<string> {
      if (fresh) urls.delete(partNumber);
      if (!urls.has(partNumber)) {
        const inFlight = pending.get(partNumber);
        if (inFlight && !fresh) await inFlight;
        if (!urls.has(partNumber)) {
          const numbers = [partNumber];
          for (let n = partNumber + 1; n <= partCount && numbers.length < BATCH; n += 1) {
            if (!fresh && !urls.has(n) && !pending.has(n) && !done.has(n)) numbers.push(n);
          }
          await fetchBatch(numbers);
        }
      }
      const url = urls.get(partNumber);
      if (!url) throw new Error(`The server sent no upload URL for part ${partNumber}`);
      return url;
    },
    release(partNumber: number): void {
      urls.delete(partNumber);
      done.add(partNumber);
    },
  };
}
