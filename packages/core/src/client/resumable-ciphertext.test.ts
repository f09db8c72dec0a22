/**
 * The resumable ciphertext stream against a scripted storage: each request answers from its Range
 * and may drop, stall or refuse, as a flaky network or a changed object would.
 */
import { describe, expect, it } from 'vitest';
import { fileSpan } from '../crypto/file-span';
import { DecryptionError } from '../crypto/record-seal';
import { RECORD_SIZE } from '../record-format';
import {
  DownloadInterrupted,
  openResumableCiphertext,
  type ResumableCiphertextInput,
  type ResumeTuning,
  resumePoint,
} from './resumable-ciphertext';

const OBJECT = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 7 + 3) & 0xff);
const FAST: ResumeTuning = {
  policy: { attempts: 5, baseDelayMs: 1, maxDelayMs: 1 },
  stallMs: 200,
  forgiveOnProgress: true,
};

type Answer =
  /** Serves from the requested offset and drops the connection after `cutAfter` bytes. */
  | { kind: 'bytes'; cutAfter?: number; stall?: boolean; slow?: boolean; object?: Uint8Array }
  | { kind: 'status'; status: number; body?: unknown };

/** A storage whose nth request gets answers[n] (the last one repeats). */
function storage(answers: Answer[]) {
  const offsets: number[] = [];
  const open = async (range: string | null, signal: AbortSignal) => {
    const offset = range ? Number(/^bytes=(\d+)-/.exec(range)?.[1]) : 0;
    offsets.push(offset);
    const answer = answers[Math.min(offsets.length - 1, answers.length - 1)]!;
    if (answer.kind === 'status') {
      return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status });
    }
    const object = answer.object ?? OBJECT;
    const rest = object.subarray(offset);
    const limit = answer.cutAfter ?? rest.length;
    let at = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (at >= limit) {
          if (answer.stall) return new Promise<void>(() => {}); // nothing more, ever
          if (limit < rest.length) return controller.error(new TypeError('network error'));
          return controller.close();
        }
        if (answer.slow) await new Promise((resolve) => setTimeout(resolve, 5));
        const chunk = rest.slice(at, Math.min(at + 10_000, limit));
        at += chunk.length;
        controller.enqueue(chunk);
      },
    });
    signal.addEventListener('abort', () => body.cancel().catch(() => {}));
    const headers: Record<string, string> = { 'Content-Length': String(rest.length) };
    if (offset > 0)
      headers['Content-Range'] = `bytes ${offset}-${object.length - 1}/${object.length}`;
    return new Response(body, { status: offset > 0 ? 206 : 200, headers });
  };
  return { open, offsets };
}

function same(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function run(answers: Answer[], extra: Partial<ResumableCiphertextInput> = {}) {
  const store = storage(answers);
  const events: string[] = [];
  const opened = openResumableCiphertext({
    open: store.open,
    refusal: async (response) => new Error(`refused ${response.status}`),
    signal: new AbortController().signal,
    onInterrupted: () => events.push('interrupted'),
    onResumed: () => events.push('resumed'),
    tuning: FAST,
    ...extra,
  });
  return { opened, store, events };
}
describe('openResumableCiphertext', () => {
  it('passes an unbroken response through with one request', async () => {
    const { opened, store, events } = run([{ kind: 'bytes' }]);
    const { body, total } = await opened;
    expect(total).toBe(OBJECT.length);
    expect(same(await readAll(body), OBJECT)).toBe(true);
    expect(store.offsets).toEqual([0]);
    expect(events).toEqual([]);
  });

  it('asks again from the first byte not passed on when the connection drops, twice', async () => {
    const { opened, store, events } = run([
      { kind: 'bytes', cutAfter: 90_000 },
      { kind: 'bytes', cutAfter: 120_000 },
      { kind: 'bytes' },
    ]);
    expect(same(await readAll((await opened).body), OBJECT)).toBe(true);
    expect(store.offsets).toEqual([0, 90_000, 210_000]);
    expect(events).toEqual(['interrupted', 'resumed', 'interrupted', 'resumed']);
  });

  it('treats a stall as a dropped connection', async () => {
    const { opened, store } = run([
      { kind: 'bytes', cutAfter: 50_000, stall: true },
      { kind: 'bytes' },
    ]);
    expect(same(await readAll((await opened).body), OBJECT)).toBe(true);
    expect(store.offsets).toEqual([0, 50_000]);
  });

  it('retries a 5xx on the way back', async () => {
    const { opened, store } = run([
      { kind: 'bytes', cutAfter: 30_000 },
      { kind: 'status', status: 503 },
      { kind: 'bytes' },
    ]);
    expect(same(await readAll((await opened).body), OBJECT)).toBe(true);
    expect(store.offsets).toEqual([0, 30_000, 30_000]);
  });

  it('gives up after five failed tries in a row, the drop included, with the last failure', async () => {
    const { opened, store } = run([
      { kind: 'bytes', cutAfter: 30_000 },
      { kind: 'status', status: 502 },
    ]);
    const { body } = await opened;
    const failure = await readAll(body).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DownloadInterrupted);
    expect((failure as DownloadInterrupted).status).toBe(502);
    expect(store.offsets).toEqual([0, 30_000, 30_000, 30_000, 30_000]);
  });

  it('forgives drops once bytes flow again, unless told to count every drop (the command line)', async () => {
    const cuts: Answer[] = [1, 2, 3, 4, 5].map((n) => ({ kind: 'bytes', cutAfter: n * 10_000 }));
    const forgiving = run([...cuts, { kind: 'bytes' }]);
    expect(same(await readAll((await forgiving.opened).body), OBJECT)).toBe(true);
    const counting = run([...cuts, { kind: 'bytes' }], {
      tuning: { ...FAST, forgiveOnProgress: false },
    });
    const failure = await readAll((await counting.opened).body).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DownloadInterrupted);
    expect(((failure as Error).cause as Error).message).toBe('network error');
    expect(counting.store.offsets).toEqual([0, 10_000, 30_000, 60_000, 100_000]);
  });

  it('retries a first request that failed or got a 5xx, and says so once', async () => {
    const store = storage([{ kind: 'bytes' }]);
    let calls = 0;
    const events: string[] = [];
    const opened = await openResumableCiphertext({
      open: async (range, signal) => {
        calls += 1;
        if (calls === 1) throw new TypeError('fetch failed');
        if (calls === 2) return new Response('{}', { status: 503 });
        return store.open(range, signal);
      },
      refusal: async (response) => new Error(`refused ${response.status}`),
      signal: new AbortController().signal,
      onInterrupted: () => events.push('interrupted'),
      onResumed: () => events.push('resumed'),
      tuning: FAST,
    });
    expect(same(await readAll(opened.body), OBJECT)).toBe(true);
    expect(calls).toBe(3);
    expect(events).toEqual(['interrupted', 'resumed']);
  });

  it('resumes from where resumeFrom says and drops the bytes sent again', async () => {
    const { opened, store } = run([{ kind: 'bytes', cutAfter: 95_000 }, { kind: 'bytes' }], {
      resumeFrom: (offset) => offset - (offset % 65_536),
    });
    expect(same(await readAll((await opened).body), OBJECT)).toBe(true);
    expect(store.offsets).toEqual([0, 65_536]);
  });

  it('reads a span by Range from its first request, and refuses a storage that ignores Range', async () => {
    const ranges: (string | null)[] = [];
    const store = storage([{ kind: 'bytes', cutAfter: 50_000 }, { kind: 'bytes' }]);
    const { body, total } = await openResumableCiphertext({
      open: (range, signal) => {
        ranges.push(range);
        return store.open(range, signal);
      },
      span: { start: 100_000, end: OBJECT.length },
      refusal: async (response) => new Error(`refused ${response.status}`),
      signal: new AbortController().signal,
      tuning: FAST,
    });
    expect(total).toBe(OBJECT.length - 100_000);
    expect(same(await readAll(body), OBJECT.subarray(100_000))).toBe(true);
    expect(ranges).toEqual([
      `bytes=100000-${OBJECT.length - 1}`,
      `bytes=150000-${OBJECT.length - 1}`,
    ]);

    const whole = openResumableCiphertext({
      open: async () => new Response(OBJECT, { status: 200 }),
      span: { start: 100_000, end: OBJECT.length },
      refusal: async (response) => new Error(`refused ${response.status}`),
      signal: new AbortController().signal,
      tuning: FAST,
    });
    await expect(whole).rejects.toThrow('no Range support');
  });

  it('fails with the tamper error when the object changed size under the download', async () => {
    const longer = new Uint8Array(OBJECT.length + 100);
    const { opened } = run([
      { kind: 'bytes', cutAfter: 30_000 },
      { kind: 'bytes', object: longer },
    ]);
    await expect(readAll((await opened).body)).rejects.toBeInstanceOf(DecryptionError);
  });

  it('fails with the tamper error when the object is now shorter than what arrived (416)', async () => {
    const { opened } = run([
      { kind: 'bytes', cutAfter: 30_000 },
      { kind: 'status', status: 416 },
    ]);
    await expect(readAll((await opened).body)).rejects.toBeInstanceOf(DecryptionError);
  });

  it('stops at a refusal on the way back (the link expired meanwhile)', async () => {
    const { opened, store } = run([
      { kind: 'bytes', cutAfter: 30_000 },
      { kind: 'status', status: 404 },
    ]);
    await expect(readAll((await opened).body)).rejects.toThrow('refused 404');
    expect(store.offsets).toEqual([0, 30_000]);
  });

  it('refuses the first request at once, without retrying', async () => {
    const { opened, store } = run([{ kind: 'status', status: 409 }]);
    await expect(opened).rejects.toThrow('refused 409');
    expect(store.offsets).toEqual([0]);
  });

  it('does not reconnect once its reader cancels it (the decryptor failed)', async () => {
    const { opened, store, events } = run([{ kind: 'bytes', slow: true }]);
    let chunks = 0;
    const failing = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, out) {
        chunks += 1;
        if (chunks === 3) throw new Error('record failed');
        out.enqueue(chunk);
      },
    });
    // A meter before the decryptor asks for the next bytes while the decryptor works.
    const metered = (await opened).body.pipeThrough(new TransformStream());
    await expect(readAll(metered.pipeThrough(failing))).rejects.toThrow('record failed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual([]);
    expect(store.offsets).toEqual([0]);
  });

  it('does not retry once the page stops the download', async () => {
    const leave = new AbortController();
    const { opened, store } = run([{ kind: 'bytes', cutAfter: 30_000, stall: true }], {
      signal: leave.signal,
    });
    const reading = readAll((await opened).body);
    leave.abort(new Error('left the page'));
    await expect(reading).rejects.toThrow('left the page');
    expect(store.offsets).toEqual([0]);
  });
});

describe('resumePoint', () => {
  it('goes on at the last whole record kept, fetching from that record on', () => {
    const size = 3 * RECORD_SIZE + 10;
    const span = fileSpan(2 * RECORD_SIZE, RECORD_SIZE + 10, size)!;
    expect(resumePoint(2 * RECORD_SIZE + 5, size, true)).toEqual({
      plaintext: 2 * RECORD_SIZE,
      bytes: { start: span.byteStart, end: span.byteEnd },
      records: span,
    });
  });

  it('fetches the final record again even when all of it was kept, and all with less than a record', () => {
    expect(resumePoint(2 * RECORD_SIZE, 2 * RECORD_SIZE, true).plaintext).toBe(RECORD_SIZE);
    expect(resumePoint(RECORD_SIZE - 1, 3 * RECORD_SIZE, true)).toEqual({ plaintext: 0 });
    expect(resumePoint(0, 3 * RECORD_SIZE, true)).toEqual({ plaintext: 0 });
  });

  it('goes on at the byte of a plain file, leaving at least its last byte to fetch', () => {
    expect(resumePoint(40, 100, false)).toEqual({ plaintext: 40, bytes: { start: 40, end: 100 } });
    expect(resumePoint(100, 100, false)).toEqual({ plaintext: 99, bytes: { start: 99, end: 100 } });
  });
});
