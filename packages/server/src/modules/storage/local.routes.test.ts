import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUrlSigner } from './local.signing';
import { startLocalStorageServer, TEST_SECRET } from './local.test-server';

describe('local storage routes', () => {
  let now = new Date('2026-03-01T12:00:00Z');
  let server: Awaited<ReturnType<typeof startLocalStorageServer>>;
  beforeAll(async () => {
    server = await startLocalStorageServer({ now: () => now });
  });
  afterAll(async () => {
    await server.close();
  });

  const presignPut = (key: string, size: number, expiresInSeconds = 60) =>
    server.driver.presignPut({
      key,
      size,
      contentType: 'text/plain',
      expiresInSeconds,
      origin: server.origin,
    });

  const upload = async (key: string, body: string) => {
    const response = await fetch(await presignPut(key, body.length), { method: 'PUT', body });
    expect(response.status).toBe(200);
  };

  /** Files a refused upload must not leave: its object, or anything in the temp dir. */
  const leftovers = async (name: string) =>
    (await server.files()).filter((file) => file.includes(name) || file.startsWith('tmp/'));

  const expectError = async (response: Response, status: number, message: RegExp) => {
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({
      status: 'error',
      message: expect.stringMatching(message),
    });
  };

  it('refuses a URL whose parameters were altered', async () => {
    const url = new URL(await presignPut('routes/tampered.txt', 5));
    url.searchParams.set('size', '5000');

    const response = await fetch(url, { method: 'PUT', body: 'x'.repeat(5000) });

    await expectError(response, 403, /invalid or has been altered/);
    expect(await leftovers('tampered.txt')).toEqual([]);
  });

  it('refuses a URL whose signature was altered', async () => {
    const url = new URL(await presignPut('routes/tampered.txt', 5));
    const signature = url.searchParams.get('sig') ?? '';
    url.searchParams.set('sig', `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`);

    await expectError(await fetch(url, { method: 'PUT', body: 'hello' }), 403, /altered/);
  });

  it('refuses an upload URL once it has expired', async () => {
    const url = await presignPut('routes/late.txt', 5, 60);
    now = new Date(now.getTime() + 61_000);

    await expectError(await fetch(url, { method: 'PUT', body: 'hello' }), 403, /expired/);
  });

  it('does not accept a download link as an upload link', async () => {
    await upload('routes/readonly.txt', 'hello');
    const url = await server.driver.presignGet({
      key: 'routes/readonly.txt',
      expiresInSeconds: 60,
      origin: server.origin,
    });

    const response = await fetch(url.replace('/object?', '/object?size=5&'), {
      method: 'PUT',
      body: 'HELLO',
    });

    await expectError(response, 403, /altered/);
  });

  it('refuses a declared body longer than signed and keeps no file', async () => {
    const url = await presignPut('routes/big.txt', 4);

    await expectError(await fetch(url, { method: 'PUT', body: 'too long' }), 413, /larger/);
    expect(await leftovers('big.txt')).toEqual([]);
  });

  it('counts a streamed body without a length and refuses it past the signed size', async () => {
    const url = await presignPut('routes/streamed.txt', 4);
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('abc'));
        controller.enqueue(new TextEncoder().encode('defgh'));
        controller.close();
      },
    });

    const response = await fetch(url, { method: 'PUT', body, duplex: 'half' } as RequestInit);

    await expectError(response, 413, /larger/);
    expect(await leftovers('streamed.txt')).toEqual([]);
  });

  it('refuses a part larger than signed and keeps no part of it', async () => {
    const key = 'routes/parted.bin';
    const { uploadId } = await server.driver.createMultipart({ key, contentType: 'text/plain' });
    const url = await server.driver.presignPart({
      key,
      uploadId,
      partNumber: 1,
      size: 3,
      expiresInSeconds: 60,
      origin: server.origin,
    });

    await expectError(await fetch(url, { method: 'PUT', body: 'abcd' }), 413, /larger/);
    expect((await leftovers(uploadId)).filter((file) => !file.endsWith('upload.json'))).toEqual([]);
  });

  it('refuses a body shorter than the signed size', async () => {
    const url = await presignPut('routes/short.txt', 10);

    await expectError(await fetch(url, { method: 'PUT', body: 'short' }), 400, /exactly 10 bytes/);
    expect(await leftovers('short.txt')).toEqual([]);
  });

  it('refuses a validly signed key that points outside the storage root', async () => {
    const signer = createUrlSigner({ secret: TEST_SECRET });
    const query = signer.sign({
      op: 'put',
      key: '../../escaped.txt',
      size: 5,
      expiresAt: Math.floor(now.getTime() / 1000) + 60,
    });

    const response = await fetch(`${server.origin}/api/storage/object?${query}`, {
      method: 'PUT',
      body: 'hello',
    });

    await expectError(response, 400, /Invalid storage key/);
    expect(await leftovers('escaped.txt')).toEqual([]);
  });

  it('serves downloads as attachments a browser will not render or sniff', async () => {
    await upload('routes/page.html', '<script>alert(1)</script>');
    const url = await server.driver.presignGet({
      key: 'routes/page.html',
      expiresInSeconds: 60,
      origin: server.origin,
      fileName: 'page.html',
    });

    const response = await fetch(url);

    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="page.html"/,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
  });

  it('answers a range past the end of the file with 416', async () => {
    await upload('routes/small.txt', 'hello');
    const url = await server.driver.presignGet({
      key: 'routes/small.txt',
      expiresInSeconds: 60,
      origin: server.origin,
    });

    const response = await fetch(url, { headers: { range: 'bytes=10-20' } });

    await expectError(response, 416, /outside the file/);
    expect(response.headers.get('content-range')).toBe('bytes */5');
  });

  it('answers HEAD with the object size and no body', async () => {
    await upload('routes/sized.txt', 'hello');
    const url = await server.driver.presignGet({
      key: 'routes/sized.txt',
      expiresInSeconds: 60,
      origin: server.origin,
    });

    const response = await fetch(url, { method: 'HEAD' });

    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('5');
  });
});
