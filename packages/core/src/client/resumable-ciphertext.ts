/**
 * The ciphertext of a download as one stream that survives a dropped connection: the one reconnect
 * loop of the page (download worker and in-page decryption) and of the command line's `get`.
 * When a request fails (reset, cut short, a stall, a 5xx, no answer at all), it asks again from the
 * first byte it has not yet passed on, with an HTTP Range header, up to the download retry policy's
 * tries with backoff, and the stream goes on as if nothing happened. Every byte passed on is held
 * by the decryptor until its record verifies, so continuing at that byte is continuing at the
 * first unverified record; a file that changed meanwhile (another size, other bytes) fails its
 * size check here or its record there, with the usual tamper error.
 * Needs only a fetch-like `open`, AbortSignal, ReadableStream and timers: browser and Node alike.
 */
import { type FileSpan, fileSpan } from '../crypto/file-span';
import { DecryptionError } from '../crypto/record-seal';
import { RECORD_SIZE } from '../record-format';
import { backoffDelay, DOWNLOAD_RETRY, isRetryableStatus, type RetryPolicy, sleep } from './retry';

export interface ResumeTuning {
  /** Failed tries (the dropped one included) before giving up, and the waits between them. */
  policy: RetryPolicy;
  /** No byte for this long counts as a dropped connection. */
  stallMs: number;
  /**
   * Whether bytes flowing again start the count of failed tries anew. The page's download is lost
   * from its start once it gives up, so only failures in a row count; a command line run counts
   * every drop, since its next run goes on from what it saved.
   */
  forgiveOnProgress: boolean;
}

/** The page's: a drop followed by bytes is forgotten. */
export const RESUME: ResumeTuning = {
  policy: DOWNLOAD_RETRY,
  stallMs: 30_000,
  forgiveOnProgress: true,
};

export interface ResumableCiphertextInput {
  /** GETs the object with this Range header value; null asks for the whole object (no header). */
  open: (range: string | null, signal: AbortSignal) => Promise<Response>;
  /**
   * Only bytes [start, end) of the object (one file of a link, or the rest of one a command line
   * run resumes); default: all of it.
   */
  span?: { start: number; end: number };
  /**
   * Where a resumed request starts, given the object offset of the first byte not yet passed on:
   * that offset or one before it (a record boundary); the bytes in between are dropped on arrival.
   */
  resumeFrom?: (offset: number) => number;
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

/**
 * A connection that dropped, stalled, ended early or got a 5xx: worth asking again. Thrown at the
 * reader when the tries are spent, the network's own error as its cause.
 */
export class DownloadInterrupted extends Error {
  override name = 'DownloadInterrupted';
  constructor(
    message: string,
    /** The storage's answer, when it answered (503 …). */
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * Opens the ciphertext. A refusal (404, 409 …) is thrown at once; failures worth another try are
 * retried, before the first byte as after it.
 */
export async function openResumableCiphertext(
  input: ResumableCiphertextInput,
): Promise<ResumableCiphertext> {
  const tuning = input.tuning ?? RESUME;
  const { span } = input;
  // Ends every request and wait once the caller stops, or once the reader of the body cancels it
  // (the decryptor failed): no reconnecting after that.
  const cancelled = new AbortController();
  const signal = AbortSignal.any([input.signal, cancelled.signal]);
  const start = span?.start ?? 0;
  /** The Range asking for everything from object offset `at` on (null: the whole object). */
  const rangeFrom = (at: number) =>
    span ? `bytes=${at}-${span.end - 1}` : at > 0 ? `bytes=${at}-` : null;
  let attempt = new AbortController();
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  /** Bytes passed on. */
  let received = 0;
  /** Bytes of the current answer to drop: sent again because it started before `received`. */
  let skip = 0;
  let failures = 0;
  let told = false;
  /** The first answer's length, and the whole object's size (-1: unknown, or not yet asked). */
  let total = -1;
  let objectSize = -1;
  let opened = false;

  /** A failed try: thrown on when not worth another, else counted, told and waited out. */
  async function failed(error: unknown): Promise<void> {
    if (signal.aborted) throw signal.reason;
    if (!(error instanceof DownloadInterrupted) && !isNetworkError(error)) throw error;
    failures += 1;
    if (failures >= tuning.policy.attempts) {
      throw error instanceof DownloadInterrupted
        ? error
        : new DownloadInterrupted('connection lost', undefined, { cause: error });
    }
    if (!told) input.onInterrupted?.();
    told = true;
    await sleep(backoffDelay(failures, tuning.policy), signal);
  }

  /** Asks from the first byte not passed on until an answer continues the stream. */
  async function connect(): Promise<void> {
    for (;;) {
      reader?.cancel().catch(() => {});
      const next = start + received;
      const at = received > 0 && input.resumeFrom ? Math.max(start, input.resumeFrom(next)) : next;
      attempt = new AbortController();
      try {
        const response = await input.open(rangeFrom(at), AbortSignal.any([signal, attempt.signal]));
        reader = await continuation(
          response,
          at,
          rangeFrom(at) !== null,
          objectSize,
          input.refusal,
        );
        skip = next - at;
        if (!opened) {
          opened = true;
          total = contentLength(response);
          objectSize = span ? rangeTotal(response) : total;
        }
        if (told) input.onResumed?.();
        told = false;
        return;
      } catch (error) {
        await failed(error);
      }
    }
  }

  await connect();
  let current = reader as ReadableStreamDefaultReader<Uint8Array>;
  // A read pending for stallMs counts as a dropped connection. Only pending reads are timed: a
  // download the disk is slow to take (no read asked for) is not stalled.
  let readingSince: number | null = null;
  const watchdog = setInterval(
    () => {
      if (readingSince === null || performance.now() - readingSince < tuning.stallMs) return;
      readingSince = null;
      attempt.abort(new DownloadInterrupted('stalled'));
      current.cancel().catch(() => {}); // settles the pending read
    },
    Math.max(10, Math.min(tuning.stallMs / 4, 1000)),
  );
  const stop = () => {
    clearInterval(watchdog);
    current.cancel(signal.reason).catch(() => {});
  };
  signal.addEventListener('abort', stop, { once: true });
  const finish = () => {
    clearInterval(watchdog);
    signal.removeEventListener('abort', stop);
  };

  /** One read, failing as DownloadInterrupted when the connection dropped, stalled or ended early. */
  async function read(): Promise<ReadableStreamReadResult<Uint8Array>> {
    readingSince = performance.now();
    try {
      const result = await current.read();
      if (signal.aborted) throw signal.reason;
      if (attempt.signal.aborted) throw new DownloadInterrupted('stalled');
      if (result.done && total >= 0 && received < total) {
        throw new DownloadInterrupted('cut short');
      }
      return result;
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof DownloadInterrupted) throw error;
      if (isNetworkError(error) || attempt.signal.aborted) {
        throw new DownloadInterrupted('connection lost', undefined, { cause: error });
      }
      throw error;
    } finally {
      readingSince = null;
    }
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
              const dropped = Math.min(skip, value.length);
              skip -= dropped;
              if (dropped === value.length) continue;
              received += value.length - dropped;
              if (tuning.forgiveOnProgress) failures = 0;
              return controller.enqueue(dropped > 0 ? value.subarray(dropped) : value);
            } catch (error) {
              await failed(error);
              await connect();
              current = reader as ReadableStreamDefaultReader<Uint8Array>;
            }
          }
        } catch (error) {
          finish();
          throw error;
        }
      },
      cancel(reason) {
        finish();
        cancelled.abort(reason);
        return current.cancel(reason).catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
  return { body, total };
}

/** The reader of an answer that continues the stream from `offset`, or why it cannot. */
async function continuation(
  response: Response,
  /** Where in the object the answer must start. */
  offset: number,
  /** A Range was asked for, so only a 206 will do. */
  ranged: boolean,
  /** The object's size (-1: unknown). */
  objectSize: number,
  refusal: ResumableCiphertextInput['refusal'],
): Promise<ReadableStreamDefaultReader<Uint8Array>> {
  if (isRetryableStatus(response.status)) {
    response.body?.cancel().catch(() => {});
    throw new DownloadInterrupted(`storage answered ${response.status}`, response.status);
  }
  // 416: the object is now shorter than what is asked for.
  if (response.status === 416) throw new DecryptionError();
  if (!response.ok || !response.body) throw await refusal(response);
  if (!ranged) return response.body.getReader();
  if (response.status !== 206) {
    response.body.cancel().catch(() => {});
    throw new Error('The storage does not resume downloads (no Range support)');
  }
  if (!sameObject(response, offset, objectSize)) {
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

export interface ResumePoint {
  /** Plaintext bytes kept from the earlier run. */
  plaintext: number;
  /** The object's bytes still to fetch; undefined for all of it. */
  bytes?: { start: number; end: number };
  /** The records still to decrypt (core's span); undefined for the whole object. */
  records?: FileSpan;
}

/**
 * Where an interrupted download goes on from the plaintext bytes it kept (`onDisk`): at the last
 * whole record of them (its records were verified before they were written), always re-fetching
 * at least the final record, so that the end of the object is verified by this run too.
 */
export function resumePoint(onDisk: number, plainSize: number, encrypted: boolean): ResumePoint {
  if (onDisk <= 0) return { plaintext: 0 };
  if (!encrypted) {
    const at = Math.min(onDisk, Math.max(0, plainSize - 1));
    return at > 0 ? { plaintext: at, bytes: { start: at, end: plainSize } } : { plaintext: 0 };
  }
  const records = Math.max(1, Math.ceil(plainSize / RECORD_SIZE));
  const first = Math.min(Math.floor(onDisk / RECORD_SIZE), records - 1);
  if (first === 0) return { plaintext: 0 };
  const at = first * RECORD_SIZE;
  const span = fileSpan(at, plainSize - at, plainSize)!;
  return { plaintext: at, bytes: { start: span.byteStart, end: span.byteEnd }, records: span };
}
