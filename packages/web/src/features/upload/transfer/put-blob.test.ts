import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../testing/fake-xhr';
import { putBlob } from './put-blob';

const body = new Blob(['hello world']);

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
function lastXhr(): FakeXhr {
  const xhr = FakeXhr.sent.at(-1);
  if (!xhr) throw new Error('nothing was sent');
  return xhr;
}

describe('putBlob', () => {
  it('PUTs the blob with its content type, reports progress and returns the ETag', async () => {
    const progress: number[] = [];
    const done = putBlob({
      url: 'https://storage.test/object?sig=1',
      body,
      contentType: 'text/plain',
      onProgress: (loaded) => progress.push(loaded),
    });
    const xhr = lastXhr();
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('https://storage.test/object?sig=1');
    expect(xhr.headers['content-type']).toBe('text/plain');
    expect(xhr.body).toBe(body);
    xhr.progress(4);
    xhr.succeed('"abc"');
    await expect(done).resolves.toEqual({ status: 200, etag: '"abc"' });
    expect(progress).toEqual([4, body.size]);
  });

  it('defaults the content type to application/octet-stream', async () => {
    const done = putBlob({ url: 'https://storage.test/o', body });
    expect(lastXhr().headers['content-type']).toBe('application/octet-stream');
    lastXhr().succeed();
    await done;
  });

  it('fails a non-2xx answer with its status and body', async () => {
    const done = putBlob({ url: 'https://storage.test/o', body });
    lastXhr().respond(403, 'Request has expired');
    await expect(done).rejects.toThrow('Upload failed: 403 Request has expired');
  });

  it('reports a network error', async () => {
    const done = putBlob({ url: 'https://storage.test/o', body });
    lastXhr().failNetwork();
    await expect(done).rejects.toThrow('Network error during upload');
  });

  it('reports a timeout', async () => {
    const done = putBlob({ url: 'https://storage.test/o', body, timeoutMs: 5000 });
    expect(lastXhr().timeout).toBe(5000);
    lastXhr().timeOut();
    await expect(done).rejects.toThrow('Upload timed out');
  });

  it('turns an abort into an AbortError and stops the request', async () => {
    const controller = new AbortController();
    const done = putBlob({ url: 'https://storage.test/o', body, signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(lastXhr().aborted).toBe(true);
  });

  it('does not send at all when already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      putBlob({ url: 'https://storage.test/o', body, signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.sent).toHaveLength(0);
  });
});
