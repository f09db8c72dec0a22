/**
 * The one retry policy of both clients (page and command line): how many tries, how long to wait
 * between them, which failures are worth another try, and a pause while the machine is offline.
 * Pure: timers are the only thing it touches; being online is asked of the caller.
 */

export interface RetryPolicy {
  /** Tries in a row, the first included. */
  attempts: number;
  baseDelayMs: number;
  /** The cap of the doubling wait. */
  maxDelayMs: number;
}

/**
 * Sending a file: a network outage of ten minutes and more must not end it (only the person's
 * Cancel does). 60 tries, the wait doubling from 0.5 s to 15 s: about 13 minutes of failures in a
 * row; time spent offline does not count at all.
 */
export const UPLOAD_RETRY: RetryPolicy = { attempts: 60, baseDelayMs: 500, maxDelayMs: 15_000 };

/** Taking up a dropped download from its last byte: five tries in a row, then the caller says so. */
export const DOWNLOAD_RETRY: RetryPolicy = { attempts: 5, baseDelayMs: 500, maxDelayMs: 8_000 };

/**
 * The wait before try `attempt + 1` after `attempt` failed (1-based): doubling, capped, with ±25 %
 * jitter so that parts which failed together do not hit storage together again.
 */
export function backoffDelay(
  attempt: number,
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return exponential * (0.75 + random() * 0.5);
}

/**
 * Whether an HTTP answer may go right the next time: 0 (no answer: the network failed), a timeout
 * (408), too many requests (429) or a server error (5xx). Any other 4xx is a refusal that the same
 * request meets again.
 */
export function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * A storage PUT on a pre-signed URL: besides the above, 403, which storage answers to an expired
 * signature. The part senders ask for a fresh URL before each new try, so that one can succeed.
 */
export function isRetryablePutStatus(status: number): boolean {
  return isRetryableStatus(status) || status === 403;
}

export function isAbortError(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'AbortError';
}

export interface RetryEvent {
  /** The try that failed (1-based). */
  attempt: number;
  /** How long until the next try; 0 while waiting for the network. */
  delayMs: number;
  /** The machine is offline: the next try waits for it to be back, and spends no attempt. */
  offline: boolean;
  error: unknown;
}

export interface RetryOptions {
  policy: RetryPolicy;
  /** Which failures may go right the next time; aborts never do. */
  shouldRetry: (error: unknown) => boolean;
  signal?: AbortSignal;
  /** Whether the machine has a network now; absent = always assumed online. */
  isOnline?: () => boolean;
  /** Resolves once the machine is online again (the page listens for the `online` event). */
  waitUntilOnline?: (signal?: AbortSignal) => Promise<void>;
  /** Told before every wait, so the interface can say "Connection lost. Retrying…". */
  onRetry?: (event: RetryEvent) => void;
  /** The wait itself; tests pass a fake. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

/**
 * Runs `task(attempt)` (1-based) until it succeeds, fails in a way not worth retrying, the tries
 * run out or `signal` aborts. A failure while offline waits for the network and does not count.
 */
export async function withRetry<T>(
  task: (attempt: number) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const { policy, signal } = options;
  const wait = options.sleep ?? sleep;
  let failures = 0;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await task(attempt);
    } catch (error) {
      if (signal?.aborted || isAbortError(error) || !options.shouldRetry(error)) throw error;
      const offline = options.isOnline ? !options.isOnline() : false;
      if (offline && options.waitUntilOnline) {
        options.onRetry?.({ attempt, delayMs: 0, offline, error });
        await options.waitUntilOnline(signal);
        signal?.throwIfAborted();
        continue;
      }
      failures += 1;
      if (failures >= policy.attempts) throw error;
      const delayMs = backoffDelay(failures, policy, options.random);
      options.onRetry?.({ attempt, delayMs, offline, error });
      await wait(delayMs, signal);
    }
  }
}

/** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The page's view of the network: `navigator.onLine` and the `online` event. Passed to withRetry
 * by the page; the command line passes none and simply keeps trying.
 */
export function browserConnectivity(target: {
  navigator: { onLine: boolean };
  addEventListener: (type: 'online', listener: () => void) => void;
  removeEventListener: (type: 'online', listener: () => void) => void;
}): Pick<RetryOptions, 'isOnline' | 'waitUntilOnline'> {
  return {
    isOnline: () => target.navigator.onLine,
    waitUntilOnline: (signal) =>
      new Promise<void>((resolve, reject) => {
        if (target.navigator.onLine) return resolve();
        const done = () => {
          target.removeEventListener('online', done);
          signal?.removeEventListener('abort', stop);
          resolve();
        };
        const stop = () => {
          target.removeEventListener('online', done);
          reject(signal?.reason);
        };
        target.addEventListener('online', done);
        signal?.addEventListener('abort', stop, { once: true });
      }),
  };
}
