// @vitest-environment node
/**
 * Runs the built download worker (/download-sw.js, bundled from ../service-worker/ as the app's
 * build does) against the real page side (downloadThroughServiceWorker)
 * and ciphertext sealed by the core record cipher, in Node, which has MessageChannel, web streams,
 * WebCrypto and Response: the worker's global is a small fake that records its listeners,
 * "navigating the iframe" dispatches a fetch event to it, and the test reads the response body as
 * the browser's download manager would.
 */
import { importKey } from '@sealdrop/core/crypto/key-material';
import { encryptBytes } from '@sealdrop/core/crypto/record-cipher';
import { UnsupportedFormatError } from '@sealdrop/core/crypto/record-header';
import { DecryptionError } from '@sealdrop/core/crypto/record-seal';
import { RECORD_SIZE, TAG_SIZE } from '@sealdrop/core/record-format';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bundleDownloadWorker } from '../../../../build/download-worker';
import { ApiError } from '../../../lib/api-client';
import { WHOLE_OBJECT } from '../lib/decrypt-selection';
import { FirstRecordError, SinkUnavailableError } from '../lib/download-errors';
import { downloadThroughServiceWorker, type ServiceWorkerDeps } from './service-worker-download';
import type { WorkerDownloadJob } from './sink-types';

const ORIGIN = 'http://127.0.0.1:8080';
const DOWNLOAD_PATH = '/api/files/AbCdEfGh1234/download';
let source = '';
beforeAll(async () => {
  source = await bundleDownloadWorker({ minify: true });
});
const RAW_KEY = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const IV = Uint8Array.from({ length: 12 }, (_, i) => 0xb0 + i);
// Several records plus a partial one, so the worker's lookahead and batching are exercised.
const PLAINTEXT = Uint8Array.from(
  { length: 5 * RECORD_SIZE + 1234 },
  (_, i) => (i * 31 + 7) & 0xff,
);
const SEALED_RECORD = RECORD_SIZE + TAG_SIZE;

type Listener = (event: unknown) => void;

function loadWorker() {
  const listeners = new Map<string, Listener>();
  const scope = {
    location: new URL(`${ORIGIN}/__download__/`),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  new Function('self', source)(scope);
  const messages: unknown[] = [];
  const worker = {
    state: 'activated',
    // Same realm, so no cloning: the key and port arrive as the objects a browser would deliver.
    postMessage(data: unknown, transfer: unknown[] = []) {
      messages.push(data);
      const ports = transfer.filter((t) => t instanceof MessagePort);
      listeners.get('message')?.({ data, ports });
    },
  };
  const fetchEvent = (url: string) => {
    let response: Response | Promise<Response> | undefined;
    listeners.get('fetch')?.({
      request: new Request(new URL(url, ORIGIN)),
      respondWith: (r: Response | Promise<Response>) => {
        response = r;
      },
    });
    return response;
  };
  const register = vi.fn(async () => ({ active: worker }));
  const container = { register } as unknown as ServiceWorkerDeps['container'];
  return { container, register, fetchEvent, messages };
}

/** The storage the worker fetches from: `body` in 100 000-byte network chunks, or a status. */
function serveCiphertext(body: Uint8Array | { status: number; message: string }) {
  const requests: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    requests.push({ url, init });
    if (!(body instanceof Uint8Array)) {
      return new Response(JSON.stringify({ status: 'error', message: body.message }), {
        status: body.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    let at = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= body.length) return controller.close();
        controller.enqueue(body.slice(at, at + 100_000));
        at += 100_000;
      },
    });
    return new Response(stream, { headers: { 'Content-Length': String(body.length) } });
  });
  return requests;
}

const sealed = async () => encryptBytes(await importKey(RAW_KEY), IV, PLAINTEXT);
/** Larger than what the worker decrypts ahead of the browser, so a stop lands mid-file. */
const largeSealed = async () =>
  encryptBytes(await importKey(RAW_KEY), IV, new Uint8Array(24 * 1024 * 1024));

/**
 * Runs one download: the browser side reads the worker's response to the end (or its error).
 * Returns what the page saw and what the "browser" saved.
 */
async function runDownload(
  sw: ReturnType<typeof loadWorker>,
  options: { key?: Uint8Array; signal?: AbortSignal; readBody?: (body: Response) => Promise<void> },
) {
  const percents: number[] = [];
  let response: Response | Promise<Response> | undefined;
  let url = '';
  let saved: Promise<Uint8Array> | undefined;
  const job: WorkerDownloadJob = {
    downloadPath: DOWNLOAD_PATH,
    key: await importKey(options.key ?? RAW_KEY),
    iv: IV,
    selection: WHOLE_OBJECT,
    target: { name: 'Bericht März.pdf', size: PLAINTEXT.length },
    signal: options.signal ?? new AbortController().signal,
    onPercent: (percent) => percents.push(percent),
    onDecrypting: () => percents.push(-1),
    onInterrupted: () => percents.push(-2),
    onResumed: () => percents.push(-3),
  };
  const outcome = downloadThroughServiceWorker(job, {
    container: sw.container,
    startDownload: (u) => {
      url = u;
      response = sw.fetchEvent(u);
      saved = Promise.resolve(response!).then(async (r) => {
        if (options.readBody) await options.readBody(r);
        return new Uint8Array(await r.arrayBuffer());
      });
      saved.catch(() => {});
      return () => {};
    },
  });
  return { outcome, percents, url: () => url, response: () => response, saved: () => saved };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});
describe('download-sw.js decrypting a download', () => {
  it('serves the decrypted file as a named attachment and reports progress, then done', async () => {
    const sw = loadWorker();
    const requests = serveCiphertext(await sealed());
    const run = await runDownload(sw, {});
    await run.outcome;
    const saved = await run.response()!;
    expect(saved.headers.get('Content-Type')).toBe('application/octet-stream');
    expect(saved.headers.get('Content-Length')).toBe(String(PLAINTEXT.length));
    expect(saved.headers.get('Content-Disposition')).toBe(
      `attachment; filename="Bericht M_rz.pdf"; filename*=UTF-8''Bericht%20M%C3%A4rz.pdf`,
    );
    // Buffer.equals: toEqual walks megabytes element by element far too slowly.
    expect(Buffer.from(await run.saved()!).equals(PLAINTEXT)).toBe(true);
    expect(run.percents.slice(-2)).toEqual([100, -1]);
    expect(run.percents.every((p, i) => i === 0 || p === -1 || p > run.percents[i - 1]!)).toBe(
      true,
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe(DOWNLOAD_PATH);
    expect(requests[0]!.init).toMatchObject({ referrerPolicy: 'no-referrer', cache: 'no-store' });
  });

  it('resumes a dropped connection with a Range request and saves identical bytes', async () => {
    const sw = loadWorker();
    const ciphertext = await sealed();
    const cutAt = 100_000;
    const ranges: (string | null)[] = [];
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
      const range = new Headers(init?.headers).get('Range');
      ranges.push(range);
      if (range) {
        const from = Number(/^bytes=(\d+)-$/.exec(range)?.[1]);
        return new Response(ciphertext.slice(from), {
          status: 206,
          headers: {
            'Content-Range': `bytes ${from}-${ciphertext.length - 1}/${ciphertext.length}`,
          },
        });
      }
      let sent = false;
      const cut = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent) return controller.error(new TypeError('network error'));
          sent = true;
          controller.enqueue(ciphertext.slice(0, cutAt));
        },
      });
      return new Response(cut, { headers: { 'Content-Length': String(ciphertext.length) } });
    });
    const run = await runDownload(sw, {});
    await vi.advanceTimersByTimeAsync(1_000); // the first backoff
    await run.outcome;
    expect(Buffer.from(await run.saved()!).equals(PLAINTEXT)).toBe(true);
    expect(ranges).toEqual([null, `bytes=${cutAt}-`]);
    expect(run.percents).toContain(-2); // interrupted: "Connection lost. Resuming…"
    expect(run.percents.indexOf(-3)).toBeGreaterThan(run.percents.indexOf(-2)); // then resumed
  });

  it.each([
    ['at a record boundary', (c: Uint8Array) => c.slice(0, 8 + 3 * SEALED_RECORD)],
    ['inside a record', (c: Uint8Array) => c.slice(0, c.length - 1000)],
    ['inside the last tag', (c: Uint8Array) => c.slice(0, c.length - 5)],
  ])('fails the browser download and the page when the ciphertext is cut %s', async (_, cut) => {
    const sw = loadWorker();
    serveCiphertext(cut(await sealed()));
    const run = await runDownload(sw, {});
    await expect(run.outcome).rejects.toBeInstanceOf(DecryptionError);
    await expect(run.saved()).rejects.toThrow();
  });

  it('fails the browser download and the page when a byte was changed', async () => {
    const sw = loadWorker();
    const tampered = await sealed();
    tampered[8 + 2 * SEALED_RECORD + 10]! ^= 1;
    serveCiphertext(tampered);
    const run = await runDownload(sw, {});
    await expect(run.outcome).rejects.toBeInstanceOf(DecryptionError);
    await expect(run.saved()).rejects.toThrow();
  });

  it('refuses a wrong key before the browser is asked to download anything', async () => {
    const sw = loadWorker();
    serveCiphertext(await sealed());
    const run = await runDownload(sw, { key: new Uint8Array(32) });
    await expect(run.outcome).rejects.toBeInstanceOf(FirstRecordError);
    expect(run.url()).toBe('');
  });

  it('names what is wrong with a file that is not ours, before any download', async () => {
    const sw = loadWorker();
    serveCiphertext(new TextEncoder().encode('<html>not a sealed file</html>'));
    const run = await runDownload(sw, {});
    await expect(run.outcome).rejects.toThrow(UnsupportedFormatError);
    await expect(run.outcome).rejects.toThrow('unknown magic bytes');
    expect(run.url()).toBe('');
  });

  it("passes the server's status and message on (a file gone meanwhile)", async () => {
    const sw = loadWorker();
    serveCiphertext({ status: 404, message: 'File not found or has expired.' });
    const run = await runDownload(sw, {});
    const error = await run.outcome.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'File not found or has expired.' });
  });

  it('tells the page when the person cancels the download in the browser', async () => {
    const sw = loadWorker();
    serveCiphertext(await largeSealed());
    const run = await runDownload(sw, { readBody: (r) => r.body!.cancel() });
    await expect(run.outcome).rejects.toThrow('The download was cancelled.');
  });

  it('fails the browser download when the page stops (leaving the page)', async () => {
    const sw = loadWorker();
    serveCiphertext(await largeSealed());
    const leave = new AbortController();
    const run = await runDownload(sw, {
      signal: leave.signal,
      readBody: async () => leave.abort(new Error('left the page')),
    });
    await expect(run.outcome).rejects.toThrow('left the page');
    await expect(run.saved()).rejects.toThrow();
  });
});

describe('download-sw.js', () => {
  it('lets every request outside its prefix through untouched', () => {
    const sw = loadWorker();
    for (const url of ['/', '/api/files/abc/download', '/download/abcdefghij', '/download-sw.js']) {
      expect(sw.fetchEvent(url)).toBeUndefined();
    }
  });

  it('answers an unknown or already used download id with 404', async () => {
    const sw = loadWorker();
    serveCiphertext(await sealed());
    const run = await runDownload(sw, {});
    await run.outcome;
    expect((await sw.fetchEvent(run.url())!).status).toBe(404);
    expect((await sw.fetchEvent(`/__download__/${'0'.repeat(32)}`)!).status).toBe(404);
  });

  it('gives the method up when the worker does not answer, so the page decrypts instead', async () => {
    const silent = {
      register: async () => ({ active: { state: 'activated', postMessage() {} } }),
    } as unknown as ServiceWorkerDeps['container'];
    const outcome = downloadThroughServiceWorker(
      {
        downloadPath: DOWNLOAD_PATH,
        key: await importKey(RAW_KEY),
        iv: IV,
        selection: WHOLE_OBJECT,
        target: { name: 'a.bin', size: 1 },
        signal: new AbortController().signal,
        onPercent: () => {},
        onDecrypting: () => {},
        onInterrupted: () => {},
        onResumed: () => {},
      },
      { container: silent, startDownload: () => () => {} },
    ).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await outcome).toBeInstanceOf(SinkUnavailableError);
  });

  it('gives the method up when the navigation never reaches the worker', async () => {
    const sw = loadWorker();
    serveCiphertext(await sealed());
    let navigated: () => void = () => {};
    const asked = new Promise<void>((resolve) => (navigated = resolve));
    const stop = vi.fn();
    const outcome = downloadThroughServiceWorker(
      {
        downloadPath: DOWNLOAD_PATH,
        key: await importKey(RAW_KEY),
        iv: IV,
        selection: WHOLE_OBJECT,
        target: { name: 'a.bin', size: PLAINTEXT.length },
        signal: new AbortController().signal,
        onPercent: () => {},
        onDecrypting: () => {},
        onInterrupted: () => {},
        onResumed: () => {},
      },
      {
        container: sw.container,
        startDownload: () => {
          navigated();
          return stop;
        },
      },
    ).catch((error: unknown) => error);
    await asked;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await outcome).toBeInstanceOf(SinkUnavailableError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(stop).toHaveBeenCalled();
  });

  it('never puts the key into the URL or a message: only a non-extractable CryptoKey', async () => {
    const sw = loadWorker();
    serveCiphertext(await sealed());
    const run = await runDownload(sw, {});
    await run.outcome;
    expect(run.url()).toMatch(/^\/__download__\/[0-9a-f]{32}$/);
    const prepare = sw.messages[0] as { source: { key: CryptoKey; path: string } };
    expect(Object.keys(prepare).sort()).toEqual(['disposition', 'id', 'size', 'source', 'type']);
    expect(prepare.source.key).toBeInstanceOf(CryptoKey);
    expect(prepare.source.key.extractable).toBe(false);
    expect(prepare.source.path).toBe(DOWNLOAD_PATH);
  });
});
