/**
 * What a recipient learns of a sender's running upload (docs/uploads.md, "Progress and pauses"):
 * the sender reports the bytes it has sent every few seconds (the page and `sealdrop send`), the
 * server keeps the highest figure and when it last grew, and a link whose upload has not grown for
 * the stall time says so to its waiting recipients.
 */

/** How often a running upload reports its progress. */
export const UPLOAD_HEARTBEAT_MS = 15_000;

/** No progress for this long and the upload counts as paused (the server's default setting). */
export const UPLOAD_STALL_MS = 60_000;

/** The waiting page's words for an upload that stopped making progress. */
export const UPLOAD_PAUSED_TEXT =
  'The upload has paused. It will continue when the sender is back online.';

/** The words for a link whose upload was cancelled or swept before it finished. */
export const UPLOAD_DID_NOT_FINISH_TEXT = 'This link will not work: the upload did not finish.';

/** Whether an upload whose progress last grew at `lastProgressAt` counts as paused at `now`. */
export function isUploadStalled(input: {
  lastProgressAt: number;
  now: number;
  stallMs: number;
}): boolean {
  return input.now - input.lastProgressAt >= input.stallMs;
}

/**
 * Reports `sentBytes()` through `send` every `intervalMs` when it grew since the last report (no
 * byte sent is nothing to report); a failed report is sent again. Returns the stop function.
 */
export function startUploadHeartbeat(input: {
  send: (sentBytes: number) => Promise<unknown>;
  sentBytes: () => number;
  intervalMs?: number;
}): () => void {
  let reported = 0;
  const timer = setInterval(() => {
    const bytes = input.sentBytes();
    if (bytes <= reported) return;
    reported = bytes;
    input.send(bytes).catch(() => {
      reported = 0;
    });
  }, input.intervalMs ?? UPLOAD_HEARTBEAT_MS);
  return () => clearInterval(timer);
}

/**
 * What info says of a pending upload: the bytes known sent (at most its size) and whether it has
 * stalled, counted from its presign when it never moved since.
 */
export function pendingUploadProgress(input: {
  size: number;
  progressBytes: number | null;
  progressAt: number | null;
  createdAt: number;
  now: number;
  stallMs: number;
}): { progress: number; stalled: boolean } {
  return {
    progress: Math.min(input.size, input.progressBytes ?? 0),
    stalled: isUploadStalled({
      lastProgressAt: Math.max(input.createdAt, input.progressAt ?? 0),
      now: input.now,
      stallMs: input.stallMs,
    }),
  };
}

/**
 * Wraps a transfer's byte callback so that the upload reports its progress to the server while it
 * runs (the page and `sealdrop send` alike): the stored bytes sent, as a share of the file's own
 * size, which is what the server counts in. `stop` ends the reports; call it however the transfer
 * ends.
 */
export function heartbeatWhileSending(input: {
  /** The plaintext size, which the server counts in. */
  size: number;
  /** Bytes stored for it (ciphertext when encrypted), which `onBytes` counts in. */
  objectSize: number;
  onBytes: (sent: number) => void;
  /** Posts one report (POST /upload/heartbeat of this upload). */
  send: (sentBytes: number) => Promise<unknown>;
  intervalMs?: number;
}): { onBytes: (sent: number) => void; stop: () => void } {
  let stored = 0;
  const stop = startUploadHeartbeat({
    intervalMs: input.intervalMs,
    sentBytes: () =>
      input.objectSize > 0
        ? Math.min(input.size, Math.floor((stored / input.objectSize) * input.size))
        : 0,
    send: input.send,
  });
  return {
    onBytes: (sent) => {
      stored = sent;
      input.onBytes(sent);
    },
    stop,
  };
}
