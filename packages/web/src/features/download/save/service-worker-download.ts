/**
 * Page side of the Service Worker download (worker: ../service-worker/download-sw.ts). The worker fetches,
 * decrypts and serves the file itself; the page only starts it and shows its progress.
 *
 * 1. Register the worker for DOWNLOAD_SCOPE and wait until it is active.
 * 2. Post it a random id, the Content-Disposition, the size, the download path, the CryptoKey
 *    (non-extractable) and the iv, with a MessagePort for its reports. It answers "accepted".
 * 3. It fetches the ciphertext and decrypts the first record: "ready", or a failure (wrong key,
 *    gone, not our format) before the browser shows any download.
 * 4. The page navigates a hidden iframe to DOWNLOAD_SCOPE + id. Navigations are routed by URL to
 *    the registration, so the worker answers with the decrypted stream as an attachment, which the
 *    browser's download manager pulls at disk pace. If "started" never comes (e.g. a force-reload
 *    bypassing workers), this method is given up and the page's own decryption used instead.
 * 5. "progress", "received", then "done"; a truncated or tampered record errors the response body,
 *    so the browser fails the download, and the worker reports it here.
 * Why decrypt in the worker rather than pass decrypted bytes from the page: one hop fewer, the key
 * crosses only as a non-extractable CryptoKey, ~30 % less browser CPU and ~100 MiB less memory
 * (bench/download-path.mjs; figures and what still limits speed in docs/downloads.md).
 */
import { UnsupportedFormatError } from '@sealdrop/core/crypto/record-header';
import { DecryptionError } from '@sealdrop/core/crypto/record-seal';
import { ApiError } from '../../../lib/api-client';
import { DOWNLOAD_TIMEOUT_MS } from '../api/file-info';
import {
  DOWNLOAD_CANCELLED_MESSAGE,
  DOWNLOAD_TIMEOUT_MESSAGE,
  DownloadError,
  FirstRecordError,
  GENERAL_ERROR_MESSAGE,
  SinkUnavailableError,
} from '../lib/download-errors';
import { createPercentReporter, encryptedSize } from '../lib/progress-stream';
import { contentDisposition } from './content-disposition';
import {
  DOWNLOAD_SCOPE,
  DOWNLOAD_SW_URL,
  type PageToWorker,
  PING_MESSAGE,
  PREPARE_MESSAGE,
  type PrepareMessage,
  type WorkerFailure,
  type WorkerToPage,
} from './service-worker-protocol';
import type { WorkerDownloadJob } from './sink-types';

const ACTIVATE_TIMEOUT_MS = 10_000;
const ACCEPT_TIMEOUT_MS = 5_000;
const START_TIMEOUT_MS = 10_000;
/** Browsers stop an idle worker after ~30 s; a message every 10 s keeps it alive while streaming. */
const PING_INTERVAL_MS = 10_000;
/** The hidden iframe outlives the stream briefly so the browser has taken over the download. */
const FRAME_LINGER_MS = 60_000;

export interface ServiceWorkerDeps {
  container: Pick<ServiceWorkerContainer, 'register'>;
  /** Makes the browser request `url` as a download; returns a clean-up. */
  startDownload: (url: string) => () => void;
}

export function startIframeDownload(url: string): () => void {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = 'File download';
  frame.referrerPolicy = 'no-referrer';
  frame.src = url;
  document.body.append(frame);
  return () => frame.remove();
}

/** Resolves once the worker has handed the last decrypted byte to the browser. */
export async function downloadThroughServiceWorker(
  job: WorkerDownloadJob,
  deps: ServiceWorkerDeps,
): Promise<void> {
  const worker = await activeWorker(deps.container);
  const id = randomId();
  const { port1: port, port2 } = new MessageChannel();
  port.addEventListener('message', progressListener(job));
  const reports = workerReports(port);
  port.start();
  const abort = () => port.postMessage({ type: 'abort' } satisfies PageToWorker);
  job.signal.addEventListener('abort', abort, { once: true });
  const message: PrepareMessage = {
    type: PREPARE_MESSAGE,
    id,
    disposition: contentDisposition(job.target.name),
    size: Number.isSafeInteger(job.target.size) ? job.target.size : -1,
    source: { path: job.downloadPath, key: job.key, iv: job.iv, selection: job.selection },
  };
  const accepted = reports.until('accepted', job.signal, {
    ms: ACCEPT_TIMEOUT_MS,
    error: () => new SinkUnavailableError('The download worker did not answer'),
  });
  worker.postMessage(message, [port2]);

  let stopDownload = () => {};
  let keepAlive: ReturnType<typeof setInterval> | undefined;
  try {
    await accepted;
    const ready = reports.until('ready', job.signal, {
      ms: DOWNLOAD_TIMEOUT_MS,
      error: () => new DownloadError(DOWNLOAD_TIMEOUT_MESSAGE),
    });
    await ready.catch((error: unknown) => {
      // Not even the first record opened: nothing was downloaded or saved.
      throw error instanceof DecryptionError ? new FirstRecordError(error.message) : error;
    });
    keepAlive = setInterval(() => worker.postMessage({ type: PING_MESSAGE }), PING_INTERVAL_MS);
    const started = reports.until('started', job.signal, {
      ms: START_TIMEOUT_MS,
      error: () => new SinkUnavailableError('The browser did not request the download'),
    });
    stopDownload = deps.startDownload(`${DOWNLOAD_SCOPE}${id}`);
    await started;
    await reports.until('done', job.signal);
  } catch (error) {
    abort();
    throw error;
  } finally {
    clearInterval(keepAlive);
    job.signal.removeEventListener('abort', abort);
    setTimeout(() => {
      stopDownload();
      port.close();
    }, FRAME_LINGER_MS);
  }
}

async function activeWorker(container: ServiceWorkerDeps['container']): Promise<ServiceWorker> {
  const registration = await container.register(DOWNLOAD_SW_URL, {
    scope: DOWNLOAD_SCOPE,
    // The script must not come from the HTTP cache, or a fixed worker would reach browsers late.
    updateViaCache: 'none',
  });
  // A newer script being installed wins over the active one: an older worker may speak an older
  // protocol. With no page ever controlled by it, the new worker activates as soon as it installs.
  const pending = registration.installing ?? registration.waiting;
  if (!pending) {
    if (registration.active) return registration.active;
    throw new SinkUnavailableError('The download worker did not install');
  }
  const installing: ServiceWorker = pending;
  // The page is outside the worker's scope, so navigator.serviceWorker.ready never settles here.
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      installing.removeEventListener('statechange', check);
      reject(new SinkUnavailableError('The download worker did not activate'));
    }, ACTIVATE_TIMEOUT_MS);
    function check() {
      if (installing.state !== 'activated' && installing.state !== 'redundant') return;
      clearTimeout(timer);
      installing.removeEventListener('statechange', check);
      if (installing.state === 'activated') resolve();
      else reject(new SinkUnavailableError('The download worker was replaced while installing'));
    }
    installing.addEventListener('statechange', check);
    check();
  });
  return registration.active ?? installing;
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Percent, interruptions and "all received" from the worker's progress reports. */
function progressListener(job: WorkerDownloadJob) {
  let percent: ReturnType<typeof createPercentReporter> | undefined;
  const reporter = (total: number) =>
    (percent ??= createPercentReporter(
      total > 0 ? total : encryptedSize(job.target.size),
      job.onPercent,
    ));
  return (event: MessageEvent<WorkerToPage>) => {
    const message = event.data;
    if (message?.type === 'progress') reporter(message.total).update(message.received);
    else if (message?.type === 'interrupted') job.onInterrupted();
    else if (message?.type === 'resumed') job.onResumed();
    else if (message?.type === 'received') {
      reporter(-1).finish();
      job.onDecrypting();
    }
  };
}

type Milestone = 'accepted' | 'ready' | 'started' | 'done';

/**
 * Remembers the worker's milestones and its failure from the start, so none is missed when it
 * comes before the page waits for it (a small file can be "done" before it is "started").
 */
function workerReports(port: MessagePort) {
  const reached = new Set<string>();
  let failure: Error | null = null;
  const waiters = new Set<() => void>();
  port.addEventListener('message', (event: MessageEvent<WorkerToPage>) => {
    const message = event.data;
    if (message?.type === 'failed') failure ??= failureError(message);
    else if (message?.type === 'cancel') failure ??= new DownloadError(DOWNLOAD_CANCELLED_MESSAGE);
    else if (message?.type) reached.add(message.type);
    for (const wake of waiters) wake();
  });
  return {
    /** Resolves at `milestone`; rejects on a failure, the page's abort, or `timeout.error()`. */
    until(milestone: Milestone, signal: AbortSignal, timeout?: { ms: number; error: () => Error }) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (reached.has(milestone)) settle(resolve);
          else if (failure) settle(() => reject(failure));
          else if (signal.aborted) settle(() => reject(signal.reason));
        };
        const timer =
          timeout && setTimeout(() => settle(() => reject(timeout.error())), timeout.ms);
        const settle = (then: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          signal.removeEventListener('abort', check);
          then();
        };
        waiters.add(check);
        signal.addEventListener('abort', check);
        check();
      });
    },
  };
}

/** The same errors the page's own decryption path throws, so the page shows the same texts. */
function failureError(failure: WorkerFailure): Error {
  switch (failure.reason) {
    case 'http':
      return new ApiError(failure.message || GENERAL_ERROR_MESSAGE, failure.status);
    case 'decrypt':
      return new DecryptionError();
    case 'format':
      return new UnsupportedFormatError(failure.message);
    case 'network':
      return new Error('The download failed');
  }
}
