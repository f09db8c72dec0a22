import { startUploadHeartbeat } from '@sealdrop/core/upload-progress';
import { sendHeartbeat } from '../api/upload-endpoints';

/**
 * Wraps a transfer's byte callback so that the upload reports its progress to the server while it
 * runs (core's upload-progress.ts): the stored bytes sent, as a share of the file's own size.
 * `stop` ends the reports; call it however the transfer ends.
 */
export function heartbeatWhileSending(input: {
  objectKey: string;
  /** The file's plaintext size, which the server counts in. */
  size: number;
  /** Bytes stored for it (ciphertext when encrypted), which `onBytes` counts in. */
  objectSize: number;
  onBytes: (sent: number) => void;
  send?: typeof sendHeartbeat;
}): { onBytes: (sent: number) => void; stop: () => void } {
  let stored = 0;
  const send = input.send ?? sendHeartbeat;
  const stop = startUploadHeartbeat({
    sentBytes: () =>
      input.objectSize > 0
        ? Math.min(input.size, Math.floor((stored / input.objectSize) * input.size))
        : 0,
    send: (sentBytes) => send({ objectKey: input.objectKey, sentBytes }),
  });
  return {
    onBytes: (sent) => {
      stored = sent;
      input.onBytes(sent);
    },
    stop,
  };
}
