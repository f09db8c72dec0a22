/**
 * The ciphertext of a download as one stream that survives a dropped connection.
 * When the response fails mid-way (reset, cut short, a stall, a 5xx on the way back), it asks again
 * from the first byte it has not yet passed on, with an HTTP Range header, up to the download retry
 * policy's attempts in a row with backoff, and the stream goes on as if nothing happened. Every byte passed on
 * is held by the decryptor until its record verifies, so continuing at that byte is continuing at
 * the first unverified record; a file that changed meanwhile (another size, other bytes) fails its
 * size check here or its record there, with the usual tamper error. Used by the download worker and
 * by the page's own decryption, so both resume the same way.
 */
import { backoffDelay, DOWNLOAD_RETRY, type RetryPolicy, sleep } from '@sealdrop/core/client/retry';
import { DecryptionError } from '@sealdrop/core/crypto/record-seal';

export interface ResumeTuning {
  /** Failed attempts in a row before giving up, and the waits between them. */
  policy: RetryPolicy;
  /** No byte for this long counts as a dropped connection. */
  stallMs: number;
}

export const RESUME: ResumeTuning = { policy: DOWNLOAD_RETRY, stallMs: 30_000 };

export interface ResumableCiphertextInput {
  /** GETs the object with this Range header value; null asks for the whole object (no header). */
  open: (range: string | null, signal: AbortSignal) => Promise<Response>;
  /** Only bytes [start, end) of the object (one file of a link); default: all of it. */
  span?: { start: number; end: number };
  /** The error for an answer that is no ciphertext (404 once the link expired, 409 …). */
  refusal: (response: Response) => Promise<Error>;
  signal: AbortSignal;
  /** The connection dropped; a new request is on its way ("Connection lost. Resuming…"). */
  onInterrupted?: () => void;
  /** Bytes flow again. */
  onResumed?: () => void;
  tuning?: ResumeTuning;
}

export interface ResumableCiphertext {
  body: ReadableStream<Uint8Array>;
  /** Bytes the body will deliver (the first response's Content-Length), or -1 when unknown. */
  total: number;
}

/** A connection that dropped, stalled or ended early: worth asking again. */
class Interrupted extends Error {
  override name = 'Interrupted';
}

/**
 * Opens the ciphertext. A refusal of the first request is thrown at once, as before resuming
 * existed; only failures after the first byte arrived are retried.
 */
export async function openResumableCiphertext(
  input: ResumableCiphertextInput,
): Promise<ResumableCiphertext> {
  const tuning = input.tuning ?? RESUME;
  const { signal, span } = input;
  const start = span?.start ?? 0;
  /** The Range asking for everything from `offset` bytes into this stream. */
  const rangeFrom = (offset: number) =>
    span ? `bytes=${start + offset}-${span.end - 1}` : offset > 0 ? `bytes=${offset}-` : null;
  let attempt = new AbortController();
  const first = await input.open(rangeFrom(0), AbortSignal.any([signal, attempt.signal]));
  if (!first.ok || !first.body) throw await input.refusal(first);
  const total = contentLength(first);
  /** The whole object's size, so a resumed answer can be checked to come from the same object. */
  const objectSize = span ? rangeTotal(first) : total;
  let reader: ReadableStreamDefaultReader<Uint8Array> = first.body.getReader();
  let received = 0;
  let failures = 0;

  // A read pending for stallMs counts as a dropped connection. Only pending reads are timed: a
  // download the disk is slow to take (no read asked for) is not stalled.
  let readingSince: number | null = null;
  const watchdog = setInterval(
    () => {
      if (readingSince === null || performance.now() - readingSince < tuning.stallMs) return;
      readingSince = null;
      attempt.abort(new Interrupted('stalled'));
      reader.cancel().catch(() => {}); // settles the pending read
    },
    Math.max(10, Math.min(tuning.stallMs / 4, 1000)),
  );
  const stop = () => {
    clearInterval(watchdog);
    reader.cancel(signal.reason).catch(() => {});
  };
  signal.addEventListener('abort', stop, { once: true });
  const finish = () => {
    clearInterval(watchdog);
    signal.removeEventListener('abort', stop);
  };

  /** One read, failing as Interrupted when the connection dropped, stalled or ended early. */
  async function read(): Promise<ReadableStreamReadResult<Uint8Array>> {
    readingSince = performance.now();
    try {
      const result = await reader.read();
      if (signal.aborted) throw signal.reason;
      if (attempt.signal.aborted) throw new Interrupted('stalled');
      if (result.done && total >= 0 && received < total) throw new Interrupted('cut short');
      return result;
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof Interrupted) throw error;
      if (isNetworkError(error) || attempt.signal.aborted) {
        throw new Interrupted('connection lost', { cause: error });
      }
      throw error;
    } finally {
      readingSince = null;
    }
  }

  /** Asks again from `received` until bytes flow or the attempts are spent. */
  async function resume(cause: Interrupted): Promise<void> {
    input.onInterrupted?.();
    reader.cancel().catch(() => {});
    let last: unknown = cause;
    while (failures < tuning.policy.attempts) {
      failures += 1;
      await sleep(backoffDelay(failures, tuning.policy), signal);
      attempt = new AbortController();
      try {
        const response = await input.open(
          rangeFrom(received),
          AbortSignal.any([signal, attempt.signal]),
        );
        reader = await continuation(response, start + received, objectSize, input.refusal);
        input.onResumed?.();
        return;
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        if (!(error instanceof Interrupted) && !isNetworkError(error)) throw error;
        last = error;
      }
    }
    throw last instanceof Interrupted && last.cause ? last.cause : last;
  }

  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          for (;;) {
            try {
              const { done, value } = await read();
              if (done) {
                finish();
                return controller.close();
              }
              received += value.length;
              failures = 0; // bytes flowed again: the next drop starts a new count
              return controller.enqueue(value);
            } catch (error) {
              if (!(error instanceof Interrupted)) throw error;
              await resume(error);
            }
          }
        } catch (error) {
          finish();
          throw error;
        }
      },
      cancel(reason) {
        finish();
        attempt.abort(reason);
        return reader.cancel(reason).catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
  return { body, total };
}

/** The rest of the object from a resumed request, or why it cannot be the same object. */
async function continuation(
  response: Response,
  /** Where in the object the answer must start. */
  offset: number,
  /** The object's size (-1: unknown). */
  total: number,
  refusal: ResumableCiphertextInput['refusal'],
): Promise<ReadableStreamDefaultReader<Uint8Array>> {
  if (response.status >= 500 || response.status === 408 || response.status === 429) {
    response.body?.cancel().catch(() => {});
    throw new Interrupted(`storage answered ${response.status}`);
  }
  // 416: the object is now shorter than what already arrived.
  if (response.status === 416) throw new DecryptionError();
  if (response.status !== 206 || !response.body) {
    if (response.ok) {
      response.body?.cancel().catch(() => {});
      throw new Error('The storage does not resume downloads (no Range support)');
    }
    throw await refusal(response);
  }
  if (!sameObject(response, offset, total)) {
    response.body.cancel().catch(() => {});
    throw new DecryptionError(); // another size: the file changed under the download
  }
  return response.body.getReader();
}

/**
 * Content-Range "bytes offset-(total-1)/total" when the storage lets us read it (S3 needs it in
 * its CORS ExposeHeaders); otherwise the length of the rest must match.
 */
function sameObject(response: Response, offset: number, total: number): boolean {
  const range = response.headers.get('Content-Range');
  if (range) {
    const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(range.trim());
    if (!match || Number(match[1]) !== offset) return false;
    return total < 0 || match[3] === String(total);
  }
  const length = contentLength(response);
  return total < 0 || length < 0 || length === total - offset;
}

/** The object size a 206 names in Content-Range ("bytes a-b/size"), or -1. */
function rangeTotal(response: Response): number {
  const match = /\/(\d+)$/.exec(response.headers.get('Content-Range') ?? '');
  return match ? Number(match[1]) : -1;
}

function contentLength(response: Response): number {
  const value = Number(response.headers.get('Content-Length') ?? Number.NaN);
  return Number.isSafeInteger(value) && value >= 0 ? value : -1;
}

/** fetch rejects a dropped connection with a TypeError ("network error", "terminated", …). */
function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}
