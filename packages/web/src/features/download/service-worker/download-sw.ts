/**
 * Sealdrop download worker, built to /download-sw.js (build/download-worker.ts). For an encrypted
 * download the page hands this worker the file's download path, the (non-extractable) CryptoKey and
 * the iv over postMessage; the worker fetches the ciphertext, decrypts the first record, and then
 * answers one request under DOWNLOAD_SCOPE/{id} with the decrypted stream as an attachment. The
 * browser's own download manager pulls that stream, so decryption runs at the pace the disk takes it
 * (native backpressure) and nothing crosses the page. It ignores every request outside its scope.
 * The key is never logged, never put in a URL and never sent anywhere; it lives only as long as the
 * download. Decryption is core's createDecryptionStream, the same code every other path runs.
 * Protocol: ../save/service-worker-protocol.ts.
 */
import { concatBytes } from '@sealdrop/core/bytes';
import { envelopeMessage } from '@sealdrop/core/client/envelope';
import { UnsupportedFormatError } from '@sealdrop/core/crypto/record-header';
import { DecryptionError } from '@sealdrop/core/crypto/record-seal';
import { decryptSelection, isSelection } from '../lib/decrypt-selection';
import { FileListMismatchError } from '../lib/zip-files';
import {
  DOWNLOAD_SCOPE,
  type PageToWorker,
  PREPARE_MESSAGE,
  type PrepareMessage,
  type WorkerFailure,
  type WorkerToPage,
} from '../save/service-worker-protocol';

declare const self: ServiceWorkerGlobalScope;

const ID_PATTERN = /^[0-9a-f]{32}$/;
/** A prepared download nobody fetched is dropped, so its stream and key do not linger. */
const UNCLAIMED_MS = 60_000;
/** Decrypted records are handed to the browser in chunks of about this size. */
const OUTPUT_BYTES = 4 << 20;
/** Chunks decrypted ahead of the browser's reads, so decryption overlaps the disk writes. */
const CHUNKS_AHEAD = 2;
/** Ciphertext bytes between two progress messages to the page. */
const PROGRESS_EVERY = 1 << 20;

interface PreparedDownload {
  stream: ReadableStream<Uint8Array>;
  disposition: string;
  size: number;
  port: MessagePort;
}

const pending = new Map<string, PreparedDownload>();

// A new version takes over at once: pages only ever talk to the newest worker.
self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('message', (event) => {
  const port = event.ports[0];
  const data = event.data as Partial<PrepareMessage> | undefined;
  // Pings need no handling: receiving one is enough to keep the worker alive.
  if (data?.type !== PREPARE_MESSAGE || !port || !isPrepareMessage(data)) return;
  const post = (message: WorkerToPage) => port.postMessage(message);
  post({ type: 'accepted' });
  prepare(data, port, post).catch((error: unknown) => post(failure(error)));
});

function isPrepareMessage(data: Partial<PrepareMessage>): data is PrepareMessage {
  const { id, disposition, source } = data;
  return (
    typeof id === 'string' &&
    ID_PATTERN.test(id) &&
    typeof disposition === 'string' &&
    !/[\r\n]/.test(disposition) &&
    typeof data.size === 'number' &&
    typeof source?.path === 'string' &&
    source.path.startsWith('/api/') &&
    source.key instanceof CryptoKey &&
    source.iv instanceof Uint8Array &&
    source.iv.length === 12 &&
    isSelection(source.selection)
  );
}

/** Fetches the ciphertext and decrypts the first record before the browser shows a download. */
async function prepare(data: PrepareMessage, port: MessagePort, post: (m: WorkerToPage) => void) {
  const aborter = new AbortController();
  port.onmessage = (event: MessageEvent<PageToWorker>) => {
    if (event.data?.type === 'abort') aborter.abort(new Error('The page stopped the download'));
  };
  const decrypted = await decryptSelection({
    open: (range, signal) =>
      fetch(data.source.path, {
        signal,
        headers: range ? { Range: range } : {},
        cache: 'no-store',
        referrerPolicy: 'no-referrer',
      }),
    refusal: async (response) =>
      new Refusal(response.status, (await envelopeMessage(response)) ?? ''),
    signal: aborter.signal,
    onInterrupted: () => post({ type: 'interrupted' }),
    onResumed: () => post({ type: 'resumed' }),
    key: data.source.key,
    iv: data.source.iv,
    selection: data.source.selection,
    meter: (total) => countBytes(total, post),
  });
  const plaintext = decrypted.getReader();
  const first = await plaintext.read();
  const stream = responseStream(first, plaintext, post, aborter);
  pending.set(data.id, { stream, disposition: data.disposition, size: data.size, port });
  setTimeout(() => {
    if (!pending.delete(data.id)) return;
    aborter.abort(new Error('not fetched'));
    plaintext.cancel().catch(() => {});
  }, UNCLAIMED_MS);
  post({ type: 'ready' });
}

/** The server refused the download (404 once expired, 409 while uploading…). */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Reports ciphertext progress to the page, and "received" once the last byte has arrived. */
function countBytes(total: number, post: (m: WorkerToPage) => void) {
  let received = 0;
  let reported = 0;
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, out) {
      received += chunk.length;
      if (received - reported >= PROGRESS_EVERY) {
        reported = received;
        post({ type: 'progress', received, total });
      }
      out.enqueue(chunk);
    },
    flush() {
      post({ type: 'progress', received, total });
      post({ type: 'received' });
    },
  });
}

/** The stream the browser saves: the first record, then the rest as the download pulls them. */
function responseStream(
  first: ReadableStreamReadResult<Uint8Array>,
  plaintext: ReadableStreamDefaultReader<Uint8Array>,
  post: (m: WorkerToPage) => void,
  aborter: AbortController,
) {
  let carry: ReadableStreamReadResult<Uint8Array> | null = first;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        aborter.signal.addEventListener('abort', () => {
          plaintext.cancel().catch(() => {});
          try {
            controller.error(aborter.signal.reason); // the browser fails the download
          } catch {
            // already complete: every byte was decrypted and verified
          }
        });
      },
      async pull(controller) {
        try {
          const parts: Uint8Array[] = [];
          let size = 0;
          let next = carry ?? (await plaintext.read());
          carry = null;
          while (!next.done) {
            parts.push(next.value);
            size += next.value.length;
            if (size >= OUTPUT_BYTES) break;
            next = await plaintext.read();
          }
          if (size > 0) controller.enqueue(parts.length === 1 ? parts[0]! : concatBytes(parts));
          if (next.done) {
            controller.close();
            post({ type: 'done' });
          }
        } catch (error) {
          // Erroring the body makes the browser fail the download instead of keeping a partial file.
          controller.error(error);
          post(failure(error));
        }
      },
      cancel() {
        plaintext.cancel().catch(() => {});
        post({ type: 'cancel' });
      },
    },
    new CountQueuingStrategy({ highWaterMark: CHUNKS_AHEAD }),
  );
}

/** What the page is told; never the key, never raw error text beyond our own reasons. */
function failure(error: unknown): WorkerFailure {
  if (error instanceof Refusal) {
    return { type: 'failed', reason: 'http', status: error.status, message: error.message };
  }
  if (error instanceof DecryptionError || error instanceof FileListMismatchError) {
    return { type: 'failed', reason: 'decrypt' };
  }
  if (error instanceof UnsupportedFormatError) {
    return { type: 'failed', reason: 'format', message: error.message };
  }
  return { type: 'failed', reason: 'network' };
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(DOWNLOAD_SCOPE)) return;
  const id = url.pathname.slice(DOWNLOAD_SCOPE.length);
  const entry = pending.get(id);
  // One response per download: a second request (retry, prefetch) must not get a drained stream.
  pending.delete(id);
  if (!entry) {
    event.respondWith(new Response('This download link has expired.', { status: 404 }));
    return;
  }
  const headers = new Headers({
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': entry.disposition,
    'X-Content-Type-Options': 'nosniff',
  });
  if (Number.isSafeInteger(entry.size) && entry.size >= 0) {
    headers.set('Content-Length', String(entry.size));
  }
  entry.port.postMessage({ type: 'started' } satisfies WorkerToPage);
  event.respondWith(new Response(entry.stream, { headers }));
});
