// @vitest-environment node
/**
 * Runs the real public/download-sw.js against the real page side (openServiceWorkerSink) in Node,
 * which has MessageChannel, web streams and Response: the worker's global is a small fake that
 * records its listeners, and "navigating the iframe" dispatches a fetch event to it.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SinkUnavailableError } from '../lib/download-errors';
import { openServiceWorkerSink, type ServiceWorkerSinkDeps } from './service-worker-sink';

const ORIGIN = 'http://127.0.0.1:8080';
const source = readFileSync(new URL('../../../../public/download-sw.js', import.meta.url), 'utf8');

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
    // Same realm, so no cloning: the stream and port arrive as the objects a browser would deliver.
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
  const container = { register } as unknown as ServiceWorkerSinkDeps['container'];
  return { container, register, fetchEvent, messages };
}

function plaintext(length: number) {
  return Uint8Array.from({ length }, (_, i) => (i * 31 + 7) & 0xff);
}

async function writeAll(writable: WritableStream<Uint8Array>, bytes: Uint8Array, chunk = 65536) {
  const writer = writable.getWriter();
  for (let at = 0; at < bytes.length; at += chunk) await writer.write(bytes.slice(at, at + chunk));
  await writer.close();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe.each([
  ['the MessageChannel pump', 'pump'],
  ['a transferred stream', 'stream'],
] as const)('download-sw.js with %s', (_, transport) => {
  it('answers its own URL with the decrypted bytes as a named attachment', async () => {
    const sw = loadWorker();
    let response: Response | Promise<Response> | undefined;
    const sink = await openServiceWorkerSink(
      { name: 'Bericht März.pdf', size: 3_000_000 },
      {
        container: sw.container,
        transport,
        startDownload: (url) => {
          expect(url).toMatch(/^\/__download__\/[0-9a-f]{32}$/);
          response = sw.fetchEvent(url);
          return () => {};
        },
      },
    );
    expect(sw.register).toHaveBeenCalledWith('/download-sw.js', {
      scope: '/__download__/',
      updateViaCache: 'none',
    });
    const saved = await response!;
    expect(saved.headers.get('Content-Type')).toBe('application/octet-stream');
    expect(saved.headers.get('Content-Length')).toBe('3000000');
    expect(saved.headers.get('Content-Disposition')).toBe(
      `attachment; filename="Bericht M_rz.pdf"; filename*=UTF-8''Bericht%20M%C3%A4rz.pdf`,
    );
    const bytes = plaintext(3_000_000);
    const [body] = await Promise.all([saved.arrayBuffer(), writeAll(sink.writable, bytes)]);
    // Buffer.equals: toEqual walks megabytes element by element far too slowly.
    expect(Buffer.from(body).equals(bytes)).toBe(true);
  });

  it('fails the browser download when the page aborts (tampered or truncated data)', async () => {
    const sw = loadWorker();
    let response: Response | Promise<Response> | undefined;
    const sink = await openServiceWorkerSink(
      { name: 'a.bin', size: 10 },
      {
        container: sw.container,
        transport,
        startDownload: (url) => {
          response = sw.fetchEvent(url);
          return () => {};
        },
      },
    );
    const reading = (await response!).arrayBuffer();
    await sink.writable.abort(new Error('The file is incomplete or has been tampered with'));
    await expect(reading).rejects.toThrow();
  });
  it('tells the page when the person cancels the download in the browser', async () => {
    const sw = loadWorker();
    let response: Response | Promise<Response> | undefined;
    const sink = await openServiceWorkerSink(
      { name: 'a.bin', size: 50_000_000 },
      {
        container: sw.container,
        transport,
        startDownload: (url) => {
          response = sw.fetchEvent(url);
          return () => {};
        },
      },
    );
    await (await response!).body!.cancel();
    await expect(writeAll(sink.writable, plaintext(20_000_000))).rejects.toThrow(
      'The download was cancelled.',
    );
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
    const response = await sw.fetchEvent(`/__download__/${'0'.repeat(32)}`)!;
    expect(response.status).toBe(404);
  });

  it('serves each prepared download once only', async () => {
    const sw = loadWorker();
    let url = '';
    await openServiceWorkerSink(
      { name: 'a.bin', size: 1 },
      {
        container: sw.container,
        transport: 'stream',
        startDownload: (u) => {
          url = u;
          sw.fetchEvent(u);
          return () => {};
        },
      },
    );
    expect((await sw.fetchEvent(url)!).status).toBe(404);
  });

  it('gives the method up when the navigation never reaches the worker', async () => {
    const sw = loadWorker();
    let navigated: () => void = () => {};
    const started = new Promise<void>((resolve) => (navigated = resolve));
    const stop = vi.fn();
    const opening = openServiceWorkerSink(
      { name: 'a.bin', size: 1 },
      {
        container: sw.container,
        transport: 'stream',
        startDownload: () => {
          navigated();
          return stop;
        },
      },
    );
    const outcome = opening.catch((error: unknown) => error);
    await started;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await outcome).toBeInstanceOf(SinkUnavailableError);
    expect(stop).toHaveBeenCalled();
  });

  it('never puts anything but a random id into the URL or key material into messages', async () => {
    const sw = loadWorker();
    let url = '';
    await openServiceWorkerSink(
      { name: 'secret-plans.txt', size: 1 },
      {
        container: sw.container,
        transport: 'pump',
        startDownload: (u) => {
          url = u;
          sw.fetchEvent(u);
          return () => {};
        },
      },
    );
    expect(url).not.toContain('secret');
    expect(Object.keys(sw.messages[0] as object).sort()).toEqual([
      'disposition',
      'id',
      'size',
      'type',
    ]);
  });
});
