import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  heartbeatWhileSending,
  isUploadStalled,
  pendingUploadProgress,
  startUploadHeartbeat,
  UPLOAD_HEARTBEAT_MS,
} from './upload-progress';

describe('isUploadStalled', () => {
  it('counts an upload as paused once it made no progress for the stall time', () => {
    expect(isUploadStalled({ lastProgressAt: 1000, now: 60_999, stallMs: 60_000 })).toBe(false);
    expect(isUploadStalled({ lastProgressAt: 1000, now: 61_000, stallMs: 60_000 })).toBe(true);
  });
});

describe('startUploadHeartbeat', () => {
  afterEach(() => vi.useRealTimers());

  it('reports only figures that grew, and again after a report failed', async () => {
    vi.useFakeTimers();
    let bytes = 10;
    const sent: number[] = [];
    let fail = false;
    const stop = startUploadHeartbeat({
      intervalMs: 100,
      sentBytes: () => bytes,
      send: async (value) => {
        sent.push(value);
        if (fail) throw new Error('offline');
      },
    });
    await vi.advanceTimersByTimeAsync(100);
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toEqual([10]);
    bytes = 20;
    fail = true;
    await vi.advanceTimersByTimeAsync(100);
    fail = false;
    await vi.advanceTimersByTimeAsync(100);
    stop();
    bytes = 30;
    await vi.advanceTimersByTimeAsync(300);
    expect(sent).toEqual([10, 20, 20]);
  });
});

describe('pendingUploadProgress', () => {
  const base = { size: 100, createdAt: 1000, stallMs: 60_000 };

  it('counts from the presign until the upload first moves', () => {
    const fresh = { ...base, progressBytes: null, progressAt: null };
    expect(pendingUploadProgress({ ...fresh, now: 30_000 })).toEqual({
      progress: 0,
      stalled: false,
    });
    expect(pendingUploadProgress({ ...fresh, now: 61_000 })).toEqual({
      progress: 0,
      stalled: true,
    });
  });

  it('counts from the last move, and never says more was sent than the file holds', () => {
    const moved = { ...base, progressBytes: 250, progressAt: 50_000 };
    expect(pendingUploadProgress({ ...moved, now: 100_000 })).toEqual({
      progress: 100,
      stalled: false,
    });
    expect(pendingUploadProgress({ ...moved, now: 110_000 }).stalled).toBe(true);
  });
});

describe('heartbeatWhileSending', () => {
  afterEach(() => vi.useRealTimers());

  it('reports stored bytes as plaintext bytes of the file, and nothing once stopped', async () => {
    vi.useFakeTimers();
    const reports: number[] = [];
    const seen: number[] = [];
    const beat = heartbeatWhileSending({
      size: 1000,
      objectSize: 1100,
      onBytes: (sent) => seen.push(sent),
      send: async (sentBytes) => reports.push(sentBytes),
    });
    beat.onBytes(550);
    await vi.advanceTimersByTimeAsync(UPLOAD_HEARTBEAT_MS);
    beat.onBytes(1100);
    await vi.advanceTimersByTimeAsync(UPLOAD_HEARTBEAT_MS);
    beat.stop();
    await vi.advanceTimersByTimeAsync(UPLOAD_HEARTBEAT_MS * 2);
    expect(seen).toEqual([550, 1100]);
    expect(reports).toEqual([500, 1000]);
  });
});
