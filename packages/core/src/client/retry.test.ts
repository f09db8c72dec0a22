import { describe, expect, it, vi } from 'vitest';
import {
  backoffDelay,
  browserConnectivity,
  isRetryablePutStatus,
  isRetryableStatus,
  type RetryEvent,
  withRetry,
} from './retry';

const policy = { attempts: 4, baseDelayMs: 1, maxDelayMs: 4 };
const always = () => true;
const noWait = async () => {};

function failing(times: number, error: unknown = new TypeError('network error')) {
  let calls = 0;
  return vi.fn(async (attempt: number) => {
    calls += 1;
    if (calls <= times) throw error;
    return `ok after ${attempt}`;
  });
}

describe('withRetry', () => {
  it('tries again until the task succeeds', async () => {
    const task = failing(2);
    await expect(withRetry(task, { policy, shouldRetry: always, sleep: noWait })).resolves.toBe(
      'ok after 3',
    );
  });

  it('gives up after the policy’s attempts with the last error', async () => {
    const task = failing(10, new Error('503'));
    await expect(withRetry(task, { policy, shouldRetry: always, sleep: noWait })).rejects.toThrow(
      '503',
    );
    expect(task).toHaveBeenCalledTimes(4);
  });

  it('never retries a refusal or an abort', async () => {
    const refused = failing(1, new Error('400'));
    await expect(
      withRetry(refused, { policy, shouldRetry: () => false, sleep: noWait }),
    ).rejects.toThrow('400');
    expect(refused).toHaveBeenCalledTimes(1);
    const aborted = failing(1, new DOMException('stop', 'AbortError'));
    await expect(
      withRetry(aborted, { policy, shouldRetry: always, sleep: noWait }),
    ).rejects.toThrow('stop');
    expect(aborted).toHaveBeenCalledTimes(1);
  });

  it('stops waiting between tries when aborted', async () => {
    const controller = new AbortController();
    const task = vi.fn(async () => {
      controller.abort();
      throw new TypeError('network error');
    });
    await expect(
      withRetry(task, {
        policy: { attempts: 5, baseDelayMs: 60_000, maxDelayMs: 60_000 },
        shouldRetry: always,
        signal: controller.signal,
      }),
    ).rejects.toThrow('network error');
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('reports each wait, so the page can say the connection was lost', async () => {
    const events: RetryEvent[] = [];
    await withRetry(failing(2), {
      policy,
      shouldRetry: always,
      sleep: noWait,
      random: () => 0.5,
      onRetry: (event) => events.push(event),
    });
    expect(events.map(({ attempt, delayMs, offline }) => ({ attempt, delayMs, offline }))).toEqual([
      { attempt: 1, delayMs: 1, offline: false },
      { attempt: 2, delayMs: 2, offline: false },
    ]);
  });

  it('waits for the network while offline without spending attempts', async () => {
    let online = false;
    let waits = 0;
    const events: RetryEvent[] = [];
    // Ten failures while offline, more than the policy's four attempts, then success.
    const task = failing(10);
    const result = withRetry(task, {
      policy,
      shouldRetry: always,
      sleep: noWait,
      isOnline: () => online,
      waitUntilOnline: async () => {
        waits += 1;
        if (waits === 10) online = true;
      },
      onRetry: (event) => events.push(event),
    });
    await expect(result).resolves.toBe('ok after 11');
    expect(events.every((event) => event.offline && event.delayMs === 0)).toBe(true);
  });
});

describe('backoffDelay', () => {
  it('doubles from the base up to the cap, within ±25 % jitter', () => {
    const p = { baseDelayMs: 500, maxDelayMs: 8000 };
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, p, () => 0.5))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000,
    ]);
    expect(backoffDelay(1, p, () => 0)).toBe(375);
    expect(backoffDelay(1, p, () => 1)).toBe(625);
  });
});

describe('what is retryable', () => {
  it('is a network failure, 408, 429 or 5xx, never another 4xx', () => {
    expect([0, 408, 429, 500, 503].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 410, 413].some(isRetryableStatus)).toBe(false);
  });

  it('includes 403 for a storage PUT, whose pre-signed URL may have expired', () => {
    expect(isRetryablePutStatus(403)).toBe(true);
    expect(isRetryablePutStatus(400)).toBe(false);
  });
});

describe('browserConnectivity', () => {
  it('resolves once the online event fires', async () => {
    const listeners = new Set<() => void>();
    const win = {
      navigator: { onLine: false },
      addEventListener: (_: 'online', l: () => void) => listeners.add(l),
      removeEventListener: (_: 'online', l: () => void) => listeners.delete(l),
    };
    const connectivity = browserConnectivity(win);
    expect(connectivity.isOnline?.()).toBe(false);
    let back = false;
    const waiting = connectivity.waitUntilOnline?.().then(() => {
      back = true;
    });
    await Promise.resolve();
    expect(back).toBe(false);
    win.navigator.onLine = true;
    for (const listener of [...listeners]) listener();
    await waiting;
    expect(back).toBe(true);
    expect(listeners.size).toBe(0);
  });
});
