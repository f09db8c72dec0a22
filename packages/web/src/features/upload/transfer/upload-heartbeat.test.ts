import { UPLOAD_HEARTBEAT_MS } from '@sealdrop/core/upload-progress';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heartbeatWhileSending } from './upload-heartbeat';

describe('heartbeatWhileSending', () => {
  afterEach(() => vi.useRealTimers());

  it('reports stored bytes as plaintext bytes of the file, and nothing once stopped', async () => {
    vi.useFakeTimers();
    const reports: { objectKey: string; sentBytes: number }[] = [];
    const seen: number[] = [];
    const beat = heartbeatWhileSending({
      objectKey: 'objects/1',
      size: 1000,
      objectSize: 1100,
      onBytes: (sent) => seen.push(sent),
      send: async (body) => {
        reports.push(body);
        return { progress: body.sentBytes };
      },
    });
    beat.onBytes(550);
    await vi.advanceTimersByTimeAsync(UPLOAD_HEARTBEAT_MS);
    beat.onBytes(1100);
    await vi.advanceTimersByTimeAsync(UPLOAD_HEARTBEAT_MS);
    beat.stop();
    await vi.advanceTimersByTimeAsync(UPLOAD_HEARTBEAT_MS * 2);
    expect(seen).toEqual([550, 1100]);
    expect(reports).toEqual([
      { objectKey: 'objects/1', sentBytes: 500 },
      { objectKey: 'objects/1', sentBytes: 1000 },
    ]);
  });
});
