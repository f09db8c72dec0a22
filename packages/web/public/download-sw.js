/*
 * Sealdrop download worker. For an encrypted download the page hands this worker the file's
 * download path, the (non-extractable) CryptoKey and the iv over postMessage; the worker fetches the
 * ciphertext, checks the first record, and then answers one request under /__download__/{id} with
 * the decrypted stream as an attachment. The browser's own download manager pulls that stream, so
 * decryption runs at the pace the disk takes it (native backpressure) and nothing crosses the page.
 * It is registered with scope /__download__/ and ignores every other request. The key is never
 * logged, never put in a URL and never sent anywhere; it lives only as long as the download.
 *
 * Record format: docs/encryption.md (packages/core/src/crypto/record-cipher.ts is the reference;
 * download-sw.test.ts runs this script against it, so the two cannot drift apart).
 * Protocol: packages/web/src/features/download/save/service-worker-protocol.ts.
 */
const PREFIX = '/__download__/';
const PREPARE = 'sealdrop-download:prepare';
const ID_PATTERN = /^[0-9a-f]{32}$/;
/** A prepared download nobody fetched is dropped, so its stream and key do not linger. */
const UNCLAIMED_MS = 60_000;

const HEADER = [0x53, 0x45, 0x41, 0x4c, 1, 16, 0, 0]; // "SEAL", version 1, 2^16-byte records
const RECORD_SIZE = 65536;
const TAG_SIZE = 16;
const SEALED_RECORD_SIZE = RECORD_SIZE + TAG_SIZE;
/** Records being decrypted at once; WebCrypto runs them off this thread. */
const RECORDS_IN_FLIGHT = 16;
/** Decrypted records are handed to the browser in chunks of about this size. */
const OUTPUT_BYTES = 4 << 20;
/** Chunks decrypted ahead of the browser's reads, so decryption overlaps the disk writes. */
const CHUNKS_AHEAD = 2;
/** Ciphertext bytes between two progress messages to the page. */
const PROGRESS_EVERY = 1 << 20;

/** id -> { stream, disposition, size, port } */
const pending = new Map();

// A new version takes over at once: pages only ever talk to the newest worker.
self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('message', (event) => {
  const data = event.data;
  const port = event.ports[0];
  if (!data || data.type !== PREPARE || !port) return; // pings need no handling: receiving is enough
  if (typeof data.id !== 'string' || !ID_PATTERN.test(data.id)) return;
  if (typeof data.disposition !== 'string' || /[\r\n]/.test(data.disposition)) return;
  if (!validSource(data.source)) return;
  port.postMessage({ type: 'accepted' });
  prepare(data, port).catch((error) => port.postMessage(failure(error)));
});

/** Fetches the ciphertext and decrypts the first record before the browser shows a download. */
async function prepare(data, port) {
  const aborter = new AbortController();
  port.onmessage = (event) => {
    if (event.data?.type === 'abort') aborter.abort(new Error('The page stopped the download'));
  };
  const response = await fetch(data.source.path, {
    signal: aborter.signal,
    cache: 'no-store',
    referrerPolicy: 'no-referrer',
  });
  if (!response.ok || !response.body) {
    const message = await response
      .json()
      .then((payload) => (typeof payload?.message === 'string' ? payload.message : ''))
      .catch(() => '');
    port.postMessage({ type: 'failed', reason: 'http', status: response.status, message });
    return;
  }
  const total = Number(response.headers.get('Content-Length')) || -1;
  const records = decryptRecords(response.body, data.source.key, data.source.iv, {
    onProgress: (received) => port.postMessage({ type: 'progress', received, total }),
    onReceived: () => port.postMessage({ type: 'received' }),
  });
  const first = await records.next();
  const stream = responseStream(first, records, port, aborter);
  pending.set(data.id, { stream, disposition: data.disposition, size: data.size, port });
  setTimeout(() => {
    if (!pending.delete(data.id)) return;
    aborter.abort(new Error('not fetched'));
    records.cancel();
  }, UNCLAIMED_MS);
  port.postMessage({ type: 'ready' });
}

function validSource(source) {
  if (!source || typeof source.path !== 'string' || !source.path.startsWith('/api/')) return false;
  return (
    source.key instanceof CryptoKey && source.iv instanceof Uint8Array && source.iv.length === 12
  );
}

/** The stream the browser saves: the first record, then the rest as the download pulls them. */
function responseStream(first, records, port, aborter) {
  let carry = first;
  return new ReadableStream(
    {
      start(controller) {
        aborter.signal.addEventListener('abort', () => {
          records.cancel();
          try {
            controller.error(aborter.signal.reason); // the browser fails the download
          } catch {
            // already complete: every byte was decrypted and verified
          }
        });
      },
      async pull(controller) {
        try {
          const parts = carry ? [carry] : [];
          let size = carry ? carry.length : 0;
          carry = null;
          let next = size < OUTPUT_BYTES ? await records.next() : undefined;
          for (; next; next = size < OUTPUT_BYTES ? await records.next() : undefined) {
            parts.push(next);
            size += next.length;
          }
          if (size > 0) controller.enqueue(concat(parts, size));
          if (next === null) {
            controller.close();
            port.postMessage({ type: 'done' });
          }
        } catch (error) {
          // Erroring the body makes the browser fail the download instead of keeping a partial file.
          controller.error(error);
          port.postMessage(failure(error));
        }
      },
      cancel() {
        records.cancel();
        port.postMessage({ type: 'cancel' });
      },
    },
    new CountQueuingStrategy({ highWaterMark: CHUNKS_AHEAD }),
  );
}

function concat(parts, size) {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Decrypts the records of `body` in order. next() resolves with the next plaintext record or null
 * after the final one. A record is opened as "not last" only once a byte after it has arrived, so
 * a stream cut at a record boundary fails like one cut mid-record (the last-record check).
 */
function decryptRecords(body, key, iv, { onProgress, onReceived }) {
  const reader = body.getReader();
  const chunks = [];
  let offset = 0; // read position in chunks[0]
  let buffered = 0;
  let received = 0;
  let reported = 0;
  let ended = false;
  let headerSeen = false;
  let finalStarted = false;
  let index = 0;
  const inFlight = [];

  async function fill(wanted) {
    while (buffered < wanted && !ended) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        onProgress(received);
        onReceived();
      } else if (value.length > 0) {
        chunks.push(value);
        buffered += value.length;
        received += value.length;
        if (received - reported >= PROGRESS_EVERY) {
          reported = received;
          onProgress(received);
        }
      }
    }
  }

  function take(size) {
    if (size === 0) return new Uint8Array(0);
    buffered -= size;
    const head = chunks[0];
    if (head.length - offset >= size) return advance(size);
    const piece = new Uint8Array(size);
    for (let filled = 0; filled < size; ) {
      const part = advance(Math.min(size - filled, chunks[0].length - offset));
      piece.set(part, filled);
      filled += part.length;
    }
    return piece;
  }

  function advance(size) {
    const part = chunks[0].subarray(offset, offset + size);
    offset += size;
    if (offset === chunks[0].length) {
      chunks.shift();
      offset = 0;
    }
    return part;
  }

  function open(sealed, isFinal) {
    const opened = crypto.subtle
      .decrypt(
        { name: 'AES-GCM', iv: nonce(iv, index++), additionalData: aad(isFinal), tagLength: 128 },
        key,
        sealed,
      )
      .catch(() => {
        throw decryptionError();
      });
    opened.catch(() => {}); // re-thrown when its turn comes
    inFlight.push(opened);
  }

  async function startRecords() {
    if (!headerSeen) {
      await fill(HEADER.length);
      const header = take(Math.min(buffered, HEADER.length)).slice();
      if (header.length < HEADER.length || HEADER.some((byte, i) => header[i] !== byte)) {
        throw formatError(header);
      }
      headerSeen = true;
    }
    while (inFlight.length < RECORDS_IN_FLIGHT && !finalStarted) {
      await fill(SEALED_RECORD_SIZE + 1);
      if (buffered > SEALED_RECORD_SIZE) {
        open(take(SEALED_RECORD_SIZE), false);
      } else if (buffered >= TAG_SIZE) {
        open(take(buffered), true);
        finalStarted = true;
      } else {
        throw decryptionError(); // cut off inside the final tag, or nothing after the header
      }
    }
  }

  return {
    async next() {
      await startRecords();
      const opened = inFlight.shift();
      return opened ? new Uint8Array(await opened) : null;
    },
    cancel() {
      reader.cancel().catch(() => {});
    },
  };
}

/** Record i uses iv XOR i (64-bit big-endian over the last 8 bytes) as its nonce. */
function nonce(iv, index) {
  const bytes = new Uint8Array(iv);
  const view = new DataView(bytes.buffer);
  view.setUint32(4, view.getUint32(4) ^ Math.floor(index / 2 ** 32));
  view.setUint32(8, view.getUint32(8) ^ (index % 2 ** 32));
  return bytes;
}

/** Additional data: header || final flag. */
function aad(isFinal) {
  return new Uint8Array([...HEADER, isFinal ? 1 : 0]);
}

function decryptionError() {
  const error = new Error('decryption failed');
  error.reason = 'decrypt';
  return error;
}

function formatError(header) {
  const error = new Error('unsupported format');
  error.reason = 'format';
  error.header = header;
  return error;
}

/** What the page is told; never the key, never raw error text beyond our own reasons. */
function failure(error) {
  if (error?.reason === 'decrypt') return { type: 'failed', reason: 'decrypt' };
  if (error?.reason === 'format') {
    return { type: 'failed', reason: 'format', header: new Uint8Array(error.header) };
  }
  return { type: 'failed', reason: 'network' };
}

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
