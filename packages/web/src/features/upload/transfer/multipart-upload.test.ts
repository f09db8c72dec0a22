import '../testing/blob-polyfill';
import { generateKeyMaterial } from '@sealdrop/core/crypto/key-material';
import { decryptBytes } from '@sealdrop/core/crypto/record-cipher';
import { RECORD_SIZE } from '@sealdrop/core/record-format';
import { objectSize } from '@sealdrop/core/upload-plan';
import { describe, expect, it, vi } from 'vitest';
import { TransferError } from '../lib/upload-errors';
import { uploadMultipart } from './multipart-upload';
import type { PutBlobOptions, PutBlobResult } from './put-blob';

const fast = { policy: { attempts: 4, baseDelayMs: 1 } };

function fileOf(size: number): File {
  return new File([Uint8Array.from({ length: size }, (_, i) => (i * 31 + 7) & 0xff)], 'data.bin');
}

function planFor(size: number, partSize: number, knownUrls: number) {
  const partCount = Math.max(1, Math.ceil(size / partSize));
  return {
    uploadId: 'up-1',
    partSize,
    partCount,
    parts: Array.from({ length: Math.min(knownUrls, partCount) }, (_, i) => ({
      partNumber: i + 1,
      url: `https://storage.test/part/${i + 1}?v=0`,
    })),
  };
}

/** Records every PUT; `fail(url, attempt)` decides which ones fail. */
function recordingPut(fail: (url: string, attempt: number) => Error | null = () => null) {
  const bodies = new Map<number, Blob>();
  const urls: string[] = [];
  const tries = new Map<string, number>();
  let active = 0;
  let maxActive = 0;
  const put = vi.fn(async (options: PutBlobOptions): Promise<PutBlobResult> => {
    urls.push(options.url);
    const part = Number(/part\/(\d+)/.exec(options.url)?.[1]);
    const attempt = (tries.get(String(part)) ?? 0) + 1;
    tries.set(String(part), attempt);
    active += 1;
    maxActive = Math.max(maxActive, active);
    await new Promise((resolve) => setTimeout(resolve, 2));
    options.onProgress?.(Math.floor(options.body.size / 2));
    active -= 1;
    const error = fail(options.url, attempt);
    if (error) throw error;
    bodies.set(part, options.body);
    return { status: 200, etag: `"etag-${part}"` };
  });
  return { put, bodies, urls, maxActive: () => maxActive };
}

/** A stand-in for the on-disk staging: every part's body is "staged part N". */
function fakeStaging() {
  return {
    prepare: vi.fn(
      async (part: { partNumber: number }) => new Blob([`staged part ${part.partNumber}`]),
    ),
    release: vi.fn(),
    close: vi.fn(async () => {}),
  };
}

const freshUrls = async (numbers: number[]) =>
  numbers.map((n) => ({ partNumber: n, url: `https://storage.test/part/${n}?v=fresh` }));

/**
 * uploadMultipart with what a test does not look at filled in: parts of one record, the first two
 * URLs in the plan, two parts at a time, no cipher, fresh URLs for the rest, PUTs that succeed
 * and quick retries. A test passes what it is about.
 */
function upload(file: File, options: Partial<Parameters<typeof uploadMultipart>[0]> = {}) {
  return uploadMultipart({
    file,
    plan: planFor(file.size, RECORD_SIZE, 2),
    concurrency: 2,
    cipher: null,
    contentType: 'application/octet-stream',
    requestPartUrls: freshUrls,
    put: recordingPut().put,
    retry: fast,
    ...options,
  });
}

describe('uploadMultipart', () => {
  it('sends every part once, at most `concurrency` at a time, and returns ETags in order', async () => {
    const size = 5 * RECORD_SIZE + 123;
    const recorder = recordingPut();
    const parts = await upload(fileOf(size), {
      requestPartUrls: vi.fn(freshUrls),
      put: recorder.put,
    });
    expect(parts).toEqual([1, 2, 3, 4, 5, 6].map((n) => ({ partNumber: n, etag: `"etag-${n}"` })));
    expect(recorder.put).toHaveBeenCalledTimes(6);
    expect(recorder.maxActive()).toBe(2);
    expect(recorder.bodies.get(6)?.size).toBe(123);
  });

  it('fetches the URLs presign did not hand out, in batches', async () => {
    const size = 6 * RECORD_SIZE;
    const requestPartUrls = vi.fn(freshUrls);
    await upload(fileOf(size), { concurrency: 3, requestPartUrls });
    const requested = requestPartUrls.mock.calls.flatMap(([numbers]) => numbers).sort();
    expect(requested).toEqual([3, 4, 5, 6]);
    expect(requestPartUrls.mock.calls.length).toBeLessThan(4);
  });

  it('retries a failing part with a fresh URL without resending the others', async () => {
    const size = 3 * RECORD_SIZE;
    const recorder = recordingPut((url, attempt) =>
      url.includes('part/2') && attempt < 3
        ? new TransferError('Network error during upload', null, true)
        : null,
    );
    const requestPartUrls = vi.fn(freshUrls);
    const parts = await upload(fileOf(size), {
      plan: planFor(size, RECORD_SIZE, 3),
      concurrency: 3,
      requestPartUrls,
      put: recorder.put,
    });
    expect(parts.map((p) => p.partNumber)).toEqual([1, 2, 3]);
    expect(recorder.urls.filter((u) => u.includes('part/1'))).toHaveLength(1);
    expect(recorder.urls.filter((u) => u.includes('part/3'))).toHaveLength(1);
    expect(recorder.urls.filter((u) => u.includes('part/2'))).toEqual([
      'https://storage.test/part/2?v=0',
      'https://storage.test/part/2?v=fresh',
      'https://storage.test/part/2?v=fresh',
    ]);
    expect(requestPartUrls).toHaveBeenCalledWith([2]);
  });

  it('gives up after the last try and stops the other parts', async () => {
    const size = 4 * RECORD_SIZE;
    const recorder = recordingPut((url) =>
      url.includes('part/1') ? new TransferError('Upload failed: 500 boom', 500, true) : null,
    );
    await expect(
      upload(fileOf(size), {
        plan: planFor(size, RECORD_SIZE, 4),
        concurrency: 1,
        put: recorder.put,
        retry: { policy: { attempts: 3, baseDelayMs: 1 } },
      }),
    ).rejects.toThrow('Upload failed: 500 boom');
    expect(recorder.put).toHaveBeenCalledTimes(3);
  });

  it('refuses a part without an ETag (storage CORS must expose it)', async () => {
    const size = RECORD_SIZE;
    await expect(
      upload(fileOf(size), {
        plan: planFor(size, RECORD_SIZE, 1),
        concurrency: 1,
        put: async () => ({ status: 200, etag: null }),
      }),
    ).rejects.toThrow(/no ETag for part 1/);
  });

  it('reports bytes of parts in flight plus finished parts, ending at the object size', async () => {
    const size = 3 * RECORD_SIZE + 10;
    const sent: number[] = [];
    await upload(fileOf(size), {
      plan: planFor(size, RECORD_SIZE, 4),
      onBytes: (bytes) => sent.push(bytes),
    });
    expect(sent.at(-1)).toBe(size);
    expect(Math.max(...sent)).toBe(size);
    expect(sent.some((bytes) => bytes % RECORD_SIZE !== 0 && bytes < size)).toBe(true);
  });

  it('encrypts each part so that the parts, joined, decrypt to the file', async () => {
    const size = 3 * RECORD_SIZE + 500;
    const file = fileOf(size);
    const material = await generateKeyMaterial();
    const recorder = recordingPut();
    await upload(file, {
      plan: planFor(size, 2 * RECORD_SIZE, 2),
      cipher: { key: material.key, iv: material.iv },
      put: recorder.put,
    });
    const stored = new Uint8Array(
      await new Blob([recorder.bodies.get(1)!, recorder.bodies.get(2)!]).arrayBuffer(),
    );
    expect(stored).toHaveLength(objectSize(size, true));
    const plain = await decryptBytes(material.key, material.iv, stored);
    expect(plain).toEqual(new Uint8Array(await file.arrayBuffer()));
  });

  it('takes encrypted parts from the staging, releases each once stored and closes it', async () => {
    const size = 3 * RECORD_SIZE + 500;
    const file = fileOf(size);
    const material = await generateKeyMaterial();
    const staging = fakeStaging();
    const recorder = recordingPut();
    await upload(file, {
      plan: planFor(size, 2 * RECORD_SIZE, 2),
      cipher: { key: material.key, iv: material.iv },
      put: recorder.put,
      openStaging: async () => staging,
    });
    const body = recorder.bodies.get(2) ?? new Blob();
    expect(new TextDecoder().decode(await body.arrayBuffer())).toBe('staged part 2');
    expect(staging.prepare.mock.calls.map(([part]) => part.partNumber).sort()).toEqual([1, 2]);
    expect(staging.release.mock.calls.map(([n]) => n).sort()).toEqual([1, 2]);
    expect(staging.close).toHaveBeenCalledOnce();
  });

  it('closes the staging when the upload fails, and never opens one for a plain file', async () => {
    const size = 2 * RECORD_SIZE;
    const material = await generateKeyMaterial();
    const staging = fakeStaging();
    const refused = recordingPut(() => new TransferError('Upload failed (400)', 400, false));
    await expect(
      upload(fileOf(size), {
        concurrency: 1,
        cipher: { key: material.key, iv: material.iv },
        put: refused.put,
        openStaging: async () => staging,
      }),
    ).rejects.toThrow('Upload failed (400)');
    expect(staging.release).not.toHaveBeenCalled();
    expect(staging.close).toHaveBeenCalledOnce();

    const openStaging = vi.fn(async () => staging);
    await upload(fileOf(size), { concurrency: 1, openStaging });
    expect(openStaging).not.toHaveBeenCalled();
  });

  it('stops with an AbortError when the caller aborts', async () => {
    const size = 4 * RECORD_SIZE;
    const controller = new AbortController();
    const put = vi.fn(async (options: PutBlobOptions) => {
      controller.abort();
      return new Promise<PutBlobResult>((_, reject) => {
        options.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
        if (options.signal?.aborted) reject(new DOMException('aborted', 'AbortError'));
      });
    });
    await expect(
      upload(fileOf(size), { plan: planFor(size, RECORD_SIZE, 4), put, signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(put.mock.calls.length).toBeLessThanOrEqual(2);
  });
  it('resumes: sends only the parts not already stored, starts progress from them and reports each new part', async () => {
    const size = 5 * RECORD_SIZE + 9;
    const recorder = recordingPut();
    const requestPartUrls = vi.fn(freshUrls);
    const sent: number[] = [];
    const done: number[] = [];
    const parts = await upload(fileOf(size), {
      plan: planFor(size, RECORD_SIZE, 0),
      completed: [
        { partNumber: 1, etag: '"kept-1"' },
        { partNumber: 4, etag: '"kept-4"' },
      ],
      requestPartUrls,
      put: recorder.put,
      onBytes: (bytes) => sent.push(bytes),
      onPartDone: (part) => done.push(part.partNumber),
    });
    expect(parts).toEqual([
      { partNumber: 1, etag: '"kept-1"' },
      { partNumber: 2, etag: '"etag-2"' },
      { partNumber: 3, etag: '"etag-3"' },
      { partNumber: 4, etag: '"kept-4"' },
      { partNumber: 5, etag: '"etag-5"' },
      { partNumber: 6, etag: '"etag-6"' },
    ]);
    expect([...recorder.bodies.keys()].sort()).toEqual([2, 3, 5, 6]);
    expect(requestPartUrls.mock.calls.flatMap(([numbers]) => numbers).sort()).toEqual([2, 3, 5, 6]);
    expect(done.sort()).toEqual([2, 3, 5, 6]);
    expect(sent[0]).toBe(2 * RECORD_SIZE);
    expect(Math.min(...sent)).toBe(2 * RECORD_SIZE);
    expect(sent.at(-1)).toBe(size);
  });

  it('re-encrypts the missing parts of a resumed upload to the very bytes of the first try', async () => {
    const size = 4 * RECORD_SIZE + 77;
    const file = fileOf(size);
    const material = await generateKeyMaterial();
    const cipher = { key: material.key, iv: material.iv };
    const options = { plan: planFor(size, RECORD_SIZE, 0), cipher };
    const first = recordingPut();
    const all = await upload(file, { ...options, put: first.put });
    const again = recordingPut();
    await upload(file, { ...options, put: again.put, completed: all.slice(0, 2) });
    expect([...again.bodies.keys()].sort()).toEqual([3, 4, 5]);
    for (const n of [3, 4, 5]) {
      const before = new Uint8Array(await first.bodies.get(n)!.arrayBuffer());
      const after = new Uint8Array(await again.bodies.get(n)!.arrayBuffer());
      expect(after).toEqual(before);
    }
  });

  it('has nothing to send when every part is already stored', async () => {
    const size = 2 * RECORD_SIZE;
    const recorder = recordingPut();
    const parts = await upload(fileOf(size), {
      completed: [
        { partNumber: 2, etag: '"b"' },
        { partNumber: 1, etag: '"a"' },
      ],
      put: recorder.put,
    });
    expect(parts.map((p) => p.etag)).toEqual(['"a"', '"b"']);
    expect(recorder.put).not.toHaveBeenCalled();
  });
});
