/**
 * The two ways decrypted bytes travel from the page to the download worker (see WorkerTransport).
 * Both fail a write with "The download was cancelled." once the browser stops reading.
 */
import type { ByteTarget } from '../lib/batched-writable';
import { DOWNLOAD_CANCELLED_MESSAGE, DownloadError } from '../lib/download-errors';
import type { PageToWorker } from './service-worker-protocol';

/** Writes into the page's end of a transferred stream; its backpressure comes from the browser. */
export function streamTarget(writable: WritableStream<Uint8Array>): ByteTarget {
  const writer = writable.getWriter();
  return {
    async write(batch) {
      try {
        await writer.write(batch);
      } catch {
        // Only the reading side (the browser's download) can error this stream: it was cancelled.
        throw new DownloadError(DOWNLOAD_CANCELLED_MESSAGE);
      }
    },
    close: () => writer.close(),
    abort: (reason) => writer.abort(reason),
  };
}

/** Sends one chunk per "pull" from the worker, so the browser's reading pace is the backpressure. */
export function pumpTarget(port: MessagePort): ByteTarget {
  let credits = 0;
  let cancelled = false;
  let wake: (() => void) | null = null;
  port.addEventListener('message', (event: MessageEvent) => {
    const type = event.data?.type;
    if (type === 'pull') credits += 1;
    else if (type === 'cancel') cancelled = true;
    else return;
    wake?.();
    wake = null;
  });
  const send = (message: PageToWorker, transfer: Transferable[] = []) =>
    port.postMessage(message, transfer);
  return {
    async write(batch) {
      while (credits === 0 && !cancelled) await new Promise<void>((resolve) => (wake = resolve));
      if (cancelled) throw new DownloadError(DOWNLOAD_CANCELLED_MESSAGE);
      credits -= 1;
      // The batch is ours alone (see batched-writable), so its memory can move instead of copy.
      send({ type: 'chunk', chunk: batch }, [batch.buffer]);
    },
    async close() {
      send({ type: 'done' });
    },
    async abort(reason) {
      send({
        type: 'error',
        message: reason instanceof Error ? reason.message : 'Download failed',
      });
    },
  };
}
