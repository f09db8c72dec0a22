/**
 * Page side of the Service Worker save path (worker: public/download-sw.js).
 *
 * 1. Register the worker for DOWNLOAD_SCOPE and wait until it is active.
 * 2. Post it a random id, the Content-Disposition, the size and a MessagePort it pulls chunks from
 *    (or, with the 'stream' transport, the readable end of a transferred TransformStream).
 * 3. Once it acknowledges, navigate a hidden iframe to DOWNLOAD_SCOPE + id. Navigations are routed
 *    by URL to the registration, so the worker answers with the stream as an attachment and the
 *    browser's download manager writes it to disk as the page pushes decrypted bytes in.
 * 4. The worker reports "started"; if it does not (e.g. a force-reload bypassing workers), this
 *    method is given up and the next one tried before any byte has been read.
 * Aborting the writable errors the response body, so the browser marks the download failed
 * instead of keeping a truncated file. Nothing in the URL or messages contains the key.
 */
import { MiB } from '@sealdrop/core/limits';
import { type ByteTarget, createBatchedWritable } from '../lib/batched-writable';
import { SinkUnavailableError } from '../lib/download-errors';
import { contentDisposition } from './content-disposition';
import {
  DOWNLOAD_SCOPE,
  DOWNLOAD_SW_URL,
  PING_MESSAGE,
  PREPARE_MESSAGE,
  type PrepareMessage,
} from './service-worker-protocol';
import type { SaveSink, SaveTarget } from './sink-types';
import { pumpTarget, streamTarget } from './worker-transports';

/**
 * Bytes per message to the worker. Measured in headless Chromium 156 (1 GiB, pump): 0.25 MiB
 * ~130 MiB/s, 1 MiB ~145, 2–8 MiB 185–197. Two chunks are alive at most (batched-writable).
 */
const WORKER_CHUNK_BYTES = 4 * MiB;
const ACTIVATE_TIMEOUT_MS = 10_000;
const READY_TIMEOUT_MS = 5_000;
const START_TIMEOUT_MS = 10_000;
/** Browsers stop an idle worker after ~30 s; a message every 10 s keeps it alive while streaming. */
const PING_INTERVAL_MS = 10_000;
/** The hidden iframe outlives the stream briefly so the browser has taken over the download. */
const FRAME_LINGER_MS = 60_000;

/**
 * How bytes reach the worker. 'pump': one transferred ArrayBuffer per pull over the MessagePort
 * (works wherever service workers do). 'stream': a transferred ReadableStream, which copies each
 * chunk; measured slower in Chromium 156 (137–147 MiB/s against the pump's 156–197, 1 GiB), so the
 * pump is the default and 'stream' stays for browsers where measurement favours it.
 */
export type WorkerTransport = 'pump' | 'stream';

export interface ServiceWorkerSinkDeps {
  container: Pick<ServiceWorkerContainer, 'register'>;
  transport: WorkerTransport;
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

export async function openServiceWorkerSink(
  target: SaveTarget,
  deps: ServiceWorkerSinkDeps,
): Promise<SaveSink> {
  const worker = await activeWorker(deps.container);
  const id = randomId();
  const { port1: port, port2 } = new MessageChannel();
  port.start();
  const message: PrepareMessage = {
    type: PREPARE_MESSAGE,
    id,
    disposition: contentDisposition(target.name),
    size: Number.isSafeInteger(target.size) ? target.size : -1,
  };
  const ready = nextMessage(port, 'ready', READY_TIMEOUT_MS);
  let transport: ByteTarget;
  if (deps.transport === 'stream') {
    const pipe = new TransformStream<Uint8Array, Uint8Array>();
    worker.postMessage({ ...message, stream: pipe.readable }, [port2, pipe.readable]);
    transport = streamTarget(pipe.writable);
  } else {
    worker.postMessage(message, [port2]);
    transport = pumpTarget(port);
  }

  let stopDownload = () => {};
  try {
    await ready;
    const started = nextMessage(port, 'started', START_TIMEOUT_MS);
    stopDownload = deps.startDownload(`${DOWNLOAD_SCOPE}${id}`);
    await started;
  } catch (error) {
    stopDownload();
    await transport.abort(error).catch(() => {});
    port.close();
    throw error;
  }

  const keepAlive = setInterval(() => worker.postMessage({ type: PING_MESSAGE }), PING_INTERVAL_MS);
  const finish = () => {
    clearInterval(keepAlive);
    setTimeout(() => {
      stopDownload();
      port.close();
    }, FRAME_LINGER_MS);
  };
  const writable = createBatchedWritable(
    {
      write: (batch) => transport.write(batch),
      close: () => transport.close().finally(finish),
      abort: (reason) => transport.abort(reason).finally(finish),
    },
    WORKER_CHUNK_BYTES,
  );
  return { kind: 'service-worker', writable };
}

async function activeWorker(container: ServiceWorkerSinkDeps['container']): Promise<ServiceWorker> {
  const registration = await container.register(DOWNLOAD_SW_URL, {
    scope: DOWNLOAD_SCOPE,
    // The script must not come from the HTTP cache, or a fixed worker would reach browsers late.
    updateViaCache: 'none',
  });
  if (registration.active) return registration.active;
  const pending = registration.installing ?? registration.waiting;
  if (!pending) throw new SinkUnavailableError('The download worker did not install');
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

function nextMessage(port: MessagePort, type: 'ready' | 'started', timeoutMs: number) {
  return new Promise<void>((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      if (event.data?.type !== type) return;
      done();
      resolve();
    };
    const timer = setTimeout(() => {
      done();
      reject(new SinkUnavailableError(`The download worker did not answer (${type})`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      port.removeEventListener('message', onMessage);
    };
    port.addEventListener('message', onMessage);
  });
}
