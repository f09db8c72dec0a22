/*
 * Sealdrop download worker. The download page decrypts a file and hands the decrypted stream to
 * this worker, which answers one request under /__download__/{id} with it as an attachment, so
 * the browser saves it through its own download manager without holding the file in memory.
 * It is registered with scope /__download__/ and ignores every other request.
 * Protocol: packages/web/src/features/download/save/service-worker-protocol.ts.
 */
const PREFIX = '/__download__/';
const PREPARE = 'sealdrop-download:prepare';
const ID_PATTERN = /^[0-9a-f]{32}$/;
/** A prepared download nobody fetched is dropped, so its stream and port do not leak. */
const UNCLAIMED_MS = 60_000;

/** id -> { stream, disposition, size, port } */
const pending = new Map();

self.addEventListener('message', (event) => {
  const data = event.data;
  const port = event.ports[0];
  if (!data || data.type !== PREPARE || !port) return; // pings need no handling: receiving is enough
  if (typeof data.id !== 'string' || !ID_PATTERN.test(data.id)) return;
  if (typeof data.disposition !== 'string' || /[\r\n]/.test(data.disposition)) return;
  const stream = data.stream instanceof ReadableStream ? data.stream : pullFromPort(port);
  pending.set(data.id, { stream, disposition: data.disposition, size: data.size, port });
  setTimeout(() => {
    const entry = pending.get(data.id);
    if (!entry) return;
    pending.delete(data.id);
    entry.stream.cancel('not fetched').catch(() => {});
  }, UNCLAIMED_MS);
  port.postMessage({ type: 'ready' });
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(PREFIX)) return;
  const id = url.pathname.slice(PREFIX.length);
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
  entry.port.postMessage({ type: 'started' });
  event.respondWith(new Response(entry.stream, { headers }));
});

/**
 * For browsers that cannot transfer streams: ask the page for one chunk per pull, so the page
 * only decrypts as fast as the browser writes (backpressure) and memory stays flat.
 */
function pullFromPort(port) {
  let delivered = null;
  let controllerRef = null;
  port.onmessage = (event) => {
    const message = event.data;
    if (!message || !controllerRef) return;
    try {
      if (message.type === 'chunk') controllerRef.enqueue(message.chunk);
      else if (message.type === 'done') controllerRef.close();
      else if (message.type === 'error') controllerRef.error(new Error(String(message.message)));
      else return;
    } catch {
      // The browser cancelled the download meanwhile; late chunks have nowhere to go.
    }
    if (delivered) delivered();
    delivered = null;
  };
  return new ReadableStream({
    start(controller) {
      controllerRef = controller;
    },
    pull() {
      port.postMessage({ type: 'pull' });
      return new Promise((resolve) => {
        delivered = resolve;
      });
    },
    cancel() {
      port.postMessage({ type: 'cancel' });
    },
  });
}
