/**
 * The parts of a multipart upload, for the page and the command line alike: at most `concurrency`
 * at once, each retried on its own (a fresh URL before every new try, so an expired one is
 * replaced), progress as finished parts plus the bytes of parts in flight, and each stored part
 * (its ETag) handed to `onPartDone` at once so that an interrupted upload can resume. What a part's
 * body is and how it is PUT stays with the caller: the page's staging worker and XHR, the CLI's
 * file streams.
 */
import type { PartUrl } from '../api-schemas';
import { createPartUrlPool } from '../part-url-pool';
import { type RetryOptions, withRetry } from './retry';

export interface CompletedPart {
  partNumber: number;
  etag: string;
}

export interface PutPart<Body> {
  partNumber: number;
  url: string;
  body: Body;
  signal: AbortSignal;
  /** Bytes of this part sent so far, in this try. */
  onBytes: (sent: number) => void;
}

export interface SendPartsOptions<Body> {
  partCount: number;
  /** The URLs presign handed out (may be none: they are asked for as needed). */
  initialUrls: PartUrl[];
  requestPartUrls: (partNumbers: number[]) => Promise<PartUrl[]>;
  concurrency: number;
  /** Parts stored before (a resumed upload): not sent again, counted as sent. */
  completed?: CompletedPart[];
  /** The object bytes of a part (for the progress of completed ones). */
  partBytes: (partNumber: number) => number;
  /** The body of one try of a part (a stream cannot be sent twice; a Blob may be reused). */
  bodyFor: (partNumber: number) => Promise<Body> | Body;
  /** PUTs the body; resolves with the ETag storage answered (null when it could not be read). */
  put: (part: PutPart<Body>) => Promise<string | null>;
  /** Thrown, not retried, when storage sends no readable ETag. */
  missingEtag: (partNumber: number) => Error;
  /** A part is stored: remember it (awaited, so a saved state never lags behind). */
  onPartDone?: (part: CompletedPart) => Promise<void> | void;
  /** Object bytes sent so far, over all parts. */
  onBytes?: (sent: number) => void;
  retry: Omit<RetryOptions, 'signal'>;
  signal?: AbortSignal;
}

export async function sendParts<Body>(options: SendPartsOptions<Body>): Promise<CompletedPart[]> {
  const { partCount } = options;
  // One failed part stops the others: the caller ends (or pauses) the whole upload anyway.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const done = new Map(
    (options.completed ?? [])
      .filter((part) => part.partNumber >= 1 && part.partNumber <= partCount)
      .map((part) => [part.partNumber, part]),
  );
  const pool = createPartUrlPool({
    initial: options.initialUrls.filter((part) => !done.has(part.partNumber)),
    partCount,
    request: options.requestPartUrls,
    skip: new Set(done.keys()),
  });

  const inFlight = new Map<number, number>();
  let finished = 0;
  for (const partNumber of done.keys()) finished += options.partBytes(partNumber);
  const report = () => {
    let sent = finished;
    for (const bytes of inFlight.values()) sent += bytes;
    options.onBytes?.(sent);
  };

  const sendPart = async (partNumber: number) => {
    const etag = await withRetry(
      async (attempt) => {
        inFlight.set(partNumber, 0);
        try {
          const url = await pool.get(partNumber, attempt > 1);
          const etag = await options.put({
            partNumber,
            url,
            body: await options.bodyFor(partNumber),
            signal,
            onBytes: (sent) => {
              inFlight.set(partNumber, sent);
              report();
            },
          });
          if (!etag) throw options.missingEtag(partNumber);
          return etag;
        } catch (error) {
          // The bytes of a failed try were not stored: progress goes back to the finished parts.
          inFlight.delete(partNumber);
          report();
          throw error;
        }
      },
      { ...options.retry, signal },
    );
    inFlight.delete(partNumber);
    finished += options.partBytes(partNumber);
    pool.release(partNumber);
    const part = { partNumber, etag };
    done.set(partNumber, part);
    await options.onPartDone?.(part);
    report();
  };

  const missing = missingParts(partCount, done.values());
  report();
  let next = 0;
  const worker = async () => {
    while (next < missing.length) {
      signal.throwIfAborted();
      const partNumber = missing[next] as number;
      next += 1;
      await sendPart(partNumber);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency || 1, missing.length));
  try {
    await Promise.all(Array.from({ length: workers }, worker));
  } catch (error) {
    stop.abort();
    throw options.signal?.aborted ? options.signal.reason : error;
  }
  return [...done.values()].sort((a, b) => a.partNumber - b.partNumber);
}

/** The part numbers of a plan of `partCount` parts that no completed part covers, in order. */
export function missingParts(
  partCount: number,
  completed: Iterable<{ partNumber: number }>,
): number[] {
  const done = new Set(Array.from(completed, (part) => part.partNumber));
  return Array.from({ length: partCount }, (_, i) => i + 1).filter((n) => !done.has(n));
}
