/**
 * `sealdrop send` reports its progress as the web page does, so that a recipient waiting on the
 * link learns when the sender paused (docs/uploads.md, "Progress and pauses").
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '../src/lib/api';
import { heartbeatWhileSending } from '../src/lib/send-heartbeat';

describe('send heartbeat', () => {
  afterEach(() => vi.useRealTimers());

  it('posts the plaintext bytes sent to /upload/heartbeat while sending, and stops after', async () => {
    vi.useFakeTimers();
    const calls: { path: string; body: unknown }[] = [];
    const api = {
      request: async (path: string, options?: { body?: unknown }) => {
        calls.push({ path, body: options?.body });
        return { progress: 0 };
      },
    } as unknown as Api;
    const shown: number[] = [];
    const beat = heartbeatWhileSending({
      api,
      objectKey: 'objects/7',
      size: 200,
      objectSize: 400,
      intervalMs: 1000,
      onProgress: (sent) => shown.push(sent),
    });
    beat.onProgress(100, 400);
    await vi.advanceTimersByTimeAsync(1000);
    beat.onProgress(400, 400);
    await vi.advanceTimersByTimeAsync(1000);
    beat.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(shown).toEqual([100, 400]);
    expect(calls).toEqual([
      { path: '/upload/heartbeat', body: { objectKey: 'objects/7', sentBytes: 50 } },
      { path: '/upload/heartbeat', body: { objectKey: 'objects/7', sentBytes: 200 } },
    ]);
  });
});
