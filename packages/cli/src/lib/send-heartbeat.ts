import type { HeartbeatResponse } from '@sealdrop/core/api-schemas';
import { startUploadHeartbeat } from '@sealdrop/core/upload-progress';
import type { Api } from './api';

/**
 * While `send` uploads, it reports its progress to the server as the web page does (core's
 * upload-progress.ts), so that a recipient waiting on the link learns when the sender paused.
 * Wraps the progress callback (stored bytes); `stop` ends the reports however the send ends.
 */
export function heartbeatWhileSending(input: {
  api: Api;
  objectKey: string;
  /** Plaintext bytes, which the server counts in. */
  size: number;
  /** Stored bytes, which the progress callback counts in. */
  objectSize: number;
  onProgress?: (sent: number, total: number) => void;
  intervalMs?: number;
}): { onProgress: (sent: number, total: number) => void; stop: () => void } {
  let stored = 0;
  const stop = startUploadHeartbeat({
    intervalMs: input.intervalMs,
    sentBytes: () =>
      input.objectSize > 0
        ? Math.min(input.size, Math.floor((stored / input.objectSize) * input.size))
        : 0,
    send: (sentBytes) =>
      input.api.request<HeartbeatResponse>('/upload/heartbeat', {
        method: 'POST',
        body: { objectKey: input.objectKey, sentBytes },
      }),
  });
  return {
    onProgress: (sent, total) => {
      stored = sent;
      input.onProgress?.(sent, total);
    },
    stop,
  };
}
