/**
 * Pre-signed part URLs of one multipart upload, for the page and the CLI alike: presign hands out
 * the first ones, POST /upload/parts the rest (fetched in batches, as workers reach them) and fresh
 * ones after a failure, in case the old one expired.
 */
import type { PartUrl } from './api-schemas';

export interface PartUrlPoolOptions {
  initial: PartUrl[];
  partCount: number;
  request: (partNumbers: number[]) => Promise<PartUrl[]>;
  batchSize?: number;
  /** Parts already stored (a resumed upload): never asked for. */
  skip?: ReadonlySet<number>;
}

export function createPartUrlPool(options: PartUrlPoolOptions) {
  const { partCount, request, batchSize = 20 } = options;
  // Parts stored before (resumed) or sent by now: a batch must not ask for their URLs again.
  const done = new Set(options.skip ?? []);
  const urls = new Map(options.initial.map((part) => [part.partNumber, part.url]));
  const batches = new Map<number, Promise<void>>();

  function nextMissing(from: number): number[] {
    const numbers: number[] = [];
    for (let n = from; n <= partCount && numbers.length < batchSize; n += 1) {
      if (!urls.has(n) && !batches.has(n) && !done.has(n)) numbers.push(n);
    }
    return numbers.length ? numbers : [from];
  }

  async function fetchUrls(numbers: number[], track: boolean): Promise<void> {
    const batch = request(numbers).then((parts) => {
      for (const part of parts) urls.set(part.partNumber, part.url);
    });
    if (track) for (const n of numbers) batches.set(n, batch);
    try {
      await batch;
    } finally {
      for (const n of numbers) if (batches.get(n) === batch) batches.delete(n);
    }
  }

  return {
    /** The URL for `partNumber`; `fresh` asks the server for a new one even if one is known. */
    async get(partNumber: number, fresh = false): Promise<string> {
      if (fresh) {
        await fetchUrls([partNumber], false);
      } else if (!urls.has(partNumber)) {
        const pending = batches.get(partNumber);
        if (pending) await pending;
        if (!urls.has(partNumber)) await fetchUrls(nextMissing(partNumber), true);
      }
      const url = urls.get(partNumber);
      if (!url) throw new Error(`The server sent no upload URL for part ${partNumber}`);
      return url;
    },
    /** A sent part's URL is no longer needed. */
    release(partNumber: number): void {
      urls.delete(partNumber);
      done.add(partNumber);
    },
  };
}
