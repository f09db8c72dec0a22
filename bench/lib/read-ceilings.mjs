// How fast Chromium can take an encrypted object's bytes from the app's origin when nothing is
// decrypted (the ceiling a decrypting download should be compared with), in the
// same run and on the same stored object as the app's download:
//   page-read  — a page of the app's origin fetches the ciphertext and reads its body;
//   sw-read    — a Service Worker fetches it and reads its body;
//   sw-serve   — a Service Worker answers a download with the ciphertext passed through a
//                JavaScript TransformStream (the app's worker shape, minus the decryption), and the
//                browser's download manager saves it;
//   page-feeds-sw — the page fetches it, passes it through a TransformStream and transfers that
//                stream to the Service Worker, which answers the download with it (a candidate
//                design: the worker's thread then only feeds the download).
//   sw-crypt-64k, sw-crypt-1m — the sw-serve shape with the decryptor's work put back: the worker
//                cuts the ciphertext into records of 64 KiB or 1 MiB, runs AES-256-GCM over each
//                with 16 in flight (encrypt under a throwaway key: the same WebCrypto work as
//                decrypt, without needing the file's key) and passes each record's first bytes on,
//                so the saved size is the object's. 64k is the app's record size today; 1m measures
//                the candidate "larger records for new uploads" without changing the format.
// The worker and a blank page are written into a copy of the built web app (WEB_DIST), so the
// app's own files are untouched.
import { cpSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './app.mjs';
import { mibPerSecond } from './args.mjs';
import { TMP_DIR } from './files.mjs';

const PROBE_WORKER = `
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
const fed = new Map();
self.addEventListener('message', (event) => {
  fed.set(event.data.id, event.data.stream);
  event.ports[0].postMessage('stored');
});
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (!url.pathname.startsWith('/bench-probe/')) return;
  if (url.pathname === '/bench-probe/fed') {
    const stream = fed.get(url.searchParams.get('id'));
    fed.delete(url.searchParams.get('id'));
    event.respondWith(new Response(stream, { headers: {
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment; filename="probe.bin"',
    } }));
    return;
  }
  const source = url.searchParams.get('src');
  const upstream = () => fetch(source, { cache: 'no-store' });
  if (url.pathname === '/bench-probe/read') {
    event.respondWith((async () => {
      const started = performance.now();
      const reader = (await upstream()).body.getReader();
      let bytes = 0;
      for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.length;
      return Response.json({ bytes, ms: performance.now() - started });
    })());
    return;
  }
  event.respondWith((async () => {
    const response = await upstream();
    const recordSize = Number(url.searchParams.get('record') || 0);
    const headers = new Headers({
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment; filename="probe.bin"',
    });
    const length = response.headers.get('content-length');
    if (length) headers.set('content-length', length);
    const through = recordSize ? cryptRecords(recordSize) : new TransformStream();
    return new Response(response.body.pipeThrough(through), { headers });
  })());
});
/**
 * Records of recordSize bytes through AES-GCM, 16 in flight, each cut back to its input length.
 * take() does the job of core's ByteQueue.take, more simply (it always copies): this worker is a
 * string served as is, with no bundler to import core.
 */
function cryptRecords(recordSize) {
  const keyPromise = crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt']);
  let held = [];
  let heldBytes = 0;
  let counter = 0;
  const pending = [];
  const take = (n) => {
    const out = new Uint8Array(n);
    let filled = 0;
    while (filled < n) {
      const head = held[0];
      const used = Math.min(head.length, n - filled);
      out.set(head.subarray(0, used), filled);
      filled += used;
      if (used === head.length) held.shift();
      else held[0] = head.subarray(used);
    }
    heldBytes -= n;
    return out;
  };
  const start = async (record) => {
    const iv = new Uint8Array(12);
    new DataView(iv.buffer).setUint32(8, counter++);
    const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await keyPromise, record);
    return new Uint8Array(sealed, 0, record.length);
  };
  const emitUntil = async (left, out) => {
    while (pending.length > left) out.enqueue(await pending.shift());
  };
  return new TransformStream({
    async transform(chunk, out) {
      held.push(chunk);
      heldBytes += chunk.length;
      while (heldBytes > recordSize) {
        pending.push(start(take(recordSize)));
        await emitUntil(15, out);
      }
    },
    async flush(out) {
      if (heldBytes > 0) pending.push(start(take(heldBytes)));
      await emitUntil(0, out);
    },
  });
}
`;

/** A copy of the built web app with the probe's worker and blank page; remove() when done. */
export function webDistWithProbe() {
  const dir = join(TMP_DIR, 'web-dist-probe');
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(ROOT, 'packages/web/dist'), dir, { recursive: true });
  writeFileSync(join(dir, 'bench-probe-sw.js'), PROBE_WORKER);
  writeFileSync(join(dir, 'bench-probe.html'), '<!doctype html><title>probe</title>');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function readInPage(path) {
  const started = performance.now();
  const response = await fetch(path, { cache: 'no-store' });
  const reader = /** @type {ReadableStream<Uint8Array>} */ (response.body).getReader();
  let bytes = 0;
  for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.length;
  return { bytes, ms: performance.now() - started };
}

async function registerProbe() {
  await navigator.serviceWorker.register('/bench-probe-sw.js');
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  }
}

/** Fetches `path` in the page and hands the body, through a TransformStream, to the worker. */
async function feedWorker(path) {
  const response = await fetch(path, { cache: 'no-store' });
  const body = /** @type {ReadableStream<Uint8Array>} */ (response.body).pipeThrough(
    new TransformStream(),
  );
  const id = String(Math.random()).slice(2);
  const channel = new MessageChannel();
  const stored = new Promise((resolve) => {
    channel.port1.onmessage = resolve;
  });
  const worker = /** @type {ServiceWorker} */ (navigator.serviceWorker.controller);
  worker.postMessage({ id, stream: body }, [body, channel.port2]);
  await stored;
  return `/bench-probe/fed?id=${id}`;
}

async function readInWorker(path) {
  const response = await fetch(`/bench-probe/read?src=${encodeURIComponent(path)}`);
  return response.json();
}

/**
 * Runs one probe in a fresh context of `browser` on `origin`, for the object of `fileId` (`size`
 * bytes of ciphertext); `measure(work)` wraps the timed part (the caller's memory and CPU sampler).
 */
export async function measureRead(browser, origin, { fileId, size, path: kind, measure }) {
  const context = await browser.newContext({ acceptDownloads: true });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/bench-probe.html`);
    const source = `/api/files/${fileId}/download`;
    if (kind !== 'page-read') await page.evaluate(registerProbe);
    const measured = await measure(async () => {
      if (kind === 'page-read') return page.evaluate(readInPage, source);
      if (kind === 'sw-read') return page.evaluate(readInWorker, source);
      const started = performance.now();
      const downloadEvent = page.waitForEvent('download', { timeout: 600_000 });
      const record = { 'sw-crypt-64k': 65_536, 'sw-crypt-1m': 1_048_576 }[kind] ?? 0;
      const href =
        kind === 'page-feeds-sw'
          ? await page.evaluate(feedWorker, source)
          : `/bench-probe/serve?src=${encodeURIComponent(source)}&record=${record}`;
      // As the app asks for its download (save/service-worker-download.ts): a hidden iframe.
      await page.evaluate((href) => {
        const frame = document.createElement('iframe');
        frame.hidden = true;
        frame.src = href;
        document.body.append(frame);
      }, href);
      const download = await downloadEvent;
      const failure = await download.failure();
      if (failure) throw new Error(`probe download failed: ${failure}`);
      const saved = statSync(await download.path()).size;
      const ms = performance.now() - started;
      await download.delete();
      return { bytes: saved, ms };
    });
    const { bytes, ms } = measured.result;
    if (bytes !== size) throw new Error(`${kind}: read ${bytes} of ${size} bytes`);
    return { ms, mibs: mibPerSecond(size, ms), measured };
  } finally {
    await context.close();
  }
}
