// What the browser could do at best on this machine, measured in the same run as the transfers:
// WebCrypto AES-256-GCM at the app's record size, and a raw upload of the same file to a Node
// server that only drains request bodies.
import { createServer } from 'node:http';
import { mibPerSecond } from './args.mjs';

const PAGE = `<!doctype html><meta charset="utf-8"><title>discard</title><input type="file">`;

/** A loopback server: GET / is a page with a file input; any other request is drained, then 204. */
export async function startDiscardServer() {
  let received = 0;
  const server = createServer((request, response) => {
    if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      return;
    }
    request.on('data', (chunk) => {
      received += chunk.length;
    });
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  return {
    origin: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Runs in the page: seals `total` bytes in records of `recordSize`, `depth` records in flight. */
async function aesGcmInPage({ recordSize, total, depth }) {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  const record = crypto.getRandomValues(new Uint8Array(recordSize));
  const count = total / recordSize;
  const nonce = (i) => {
    const iv = new Uint8Array(12);
    new DataView(iv.buffer).setUint32(8, i);
    return iv;
  };
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce(0) }, key, record);
  async function run(work) {
    const started = performance.now();
    let next = 0;
    const lane = async () => {
      while (next < count) await work(next++);
    };
    await Promise.all(Array.from({ length: depth }, lane));
    return performance.now() - started;
  }
  const encryptMs = await run((i) =>
    crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce(i) }, key, record),
  );
  const decryptMs = await run(() =>
    crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce(0) }, key, sealed),
  );
  return { encryptMs, decryptMs };
}

/** WebCrypto AES-256-GCM MiB/s at `recordSize`, one record at a time and `depth` in flight. */
export async function measureWebCrypto(browser, origin, { recordSize, total, depths }) {
  const page = await browser.newPage();
  try {
    await page.goto(origin);
    const rows = [];
    for (const depth of depths) {
      const { encryptMs, decryptMs } = await page.evaluate(aesGcmInPage, {
        recordSize,
        total,
        depth,
      });
      rows.push({
        kind: 'ceiling-webcrypto',
        recordSize,
        depth,
        totalBytes: total,
        encryptMiBs: mibPerSecond(total, encryptMs),
        decryptMiBs: mibPerSecond(total, decryptMs),
      });
    }
    return rows;
  } finally {
    await page.close();
  }
}

/**
 * Runs in the page: PUTs the picked file in `partSize` slices, `concurrency` at a time, by XHR (as
 * the app's put-blob.ts does) or by fetch.
 */
async function putSlicesInPage({ partSize, concurrency, transport }) {
  const input = /** @type {HTMLInputElement} */ (document.querySelector('input[type=file]'));
  const file = /** @type {File} */ (/** @type {FileList} */ (input.files)[0]);
  const parts = Math.ceil(file.size / partSize);
  const byXhr = (url, body) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('PUT', url);
      xhr.onload = () =>
        xhr.status < 300 ? resolve(undefined) : reject(new Error(`${url}: ${xhr.status}`));
      xhr.onerror = () => reject(new Error(`${url}: network error`));
      xhr.send(body);
    });
  const byFetch = async (url, body) => {
    const response = await fetch(url, { method: 'PUT', body });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
  };
  const put = transport === 'xhr' ? byXhr : byFetch;
  let next = 0;
  const lane = async () => {
    while (next < parts) {
      const index = next++;
      const end = Math.min(file.size, (index + 1) * partSize);
      await put(`/discard/${index}`, file.slice(index * partSize, end));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}

/**
 * Uploads the file at `path` from Chromium to the discard server the way the app sends parts
 * (same part size and concurrency), timed like the UI upload: from picking the file to the end.
 * `transport`: 'xhr' (what the app uses) or 'fetch'.
 */
export async function measureRawUpload(
  browser,
  discard,
  { path, size, partSize, concurrency, transport },
) {
  const page = await browser.newPage();
  try {
    await page.goto(discard.origin);
    const before = discard.received();
    const started = performance.now();
    await page.locator('input[type=file]').setInputFiles(path);
    await page.evaluate(putSlicesInPage, { partSize, concurrency, transport });
    const ms = performance.now() - started;
    const received = discard.received() - before;
    if (received !== size) throw new Error(`discard server got ${received} of ${size} bytes`);
    return {
      kind: 'ceiling-raw-upload',
      transport,
      sizeBytes: size,
      partSize,
      concurrency,
      seconds: +(ms / 1000).toFixed(2),
      MiBs: mibPerSecond(size, ms),
    };
  } finally {
    await page.close();
  }
}
