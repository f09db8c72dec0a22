/**
 * Hostile file names and active content. The rule: a name is stored exactly as
 * sent, any Unicode included (RTL overrides, zero-width joiners, emoji), unless it holds a C0
 * control character or DEL, a slash or backslash, or more than 255 characters (code points, as zod counts them): those are refused
 * with a 400 naming the rule. Downloads always come back as attachments whose `filename` is plain
 * ASCII and whose `filename*` carries the exact name (RFC 6266 / RFC 5987), so no name can break
 * the header, and uploaded HTML or SVG is never rendered on the app's origin.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { createTestServer, type TestServer } from '../../testing/test-server';
import { api, pathOf, putBytes } from '../../testing/upload-helpers';

const STORED_AS_SENT = [
  '<img src=x onerror=alert(1)>.html',
  '"; filename=evil.exe; x=".txt',
  '\u202efdp.exe',
  'family\u200d\u200b\u2060.txt',
  '👨‍👩‍👧 holiday 🏖️.jpg',
  'Überblick (v2) 文件.pdf',
  `${'n'.repeat(251)}.txt`,
  '🙂'.repeat(255),
];

const REFUSED = [
  ['<script>alert(1)</script>.html', 'filename: must be a file name, not a path'],
  ['a\u0000b.txt', 'filename: must not contain control characters'],
  ['report\n.txt', 'filename: must not contain control characters'],
  ['report\r\nSet-Cookie: x=1.txt', 'filename: must not contain control characters'],
  ['bell\u0007.txt', 'filename: must not contain control characters'],
  ['del\u007f.txt', 'filename: must not contain control characters'],
  [`${'n'.repeat(252)}.txt`, 'filename: must be at most 255 characters'],
  ['🙂'.repeat(256), 'filename: must be at most 255 characters'],
  ['   ', 'filename: is required'],
] as const;

describeEachDatabase('hostile file names and active content', (createDatabase) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ database: await createDatabase() });
  });
  afterAll(() => server.close());

  async function upload(filename: string, contentType: string, bytes: Buffer) {
    const presigned = await api<{ uploadUrl: string; objectKey: string; slug: string }>(
      server,
      'POST',
      '/api/upload/presign',
      { filename, contentType, size: bytes.length },
    );
    expect(presigned.statusCode, presigned.body.message).toBe(200);
    const { uploadUrl, objectKey, slug } = presigned.body.data;
    expect((await putBytes(server, uploadUrl, bytes)).statusCode).toBe(200);
    const finalized = await api(server, 'POST', '/api/upload/finalize', { objectKey, slug });
    expect(finalized.statusCode).toBe(200);
    return slug;
  }

  async function fetchObject(fileId: string) {
    const redirect = await server.app.inject({ url: `/api/files/${fileId}/download` });
    expect(redirect.statusCode).toBe(302);
    return server.app.inject({ url: pathOf(String(redirect.headers.location)) });
  }

  for (const name of STORED_AS_SENT) {
    it(`stores ${JSON.stringify(name.slice(0, 40))} exactly and names the download safely`, async () => {
      const fileId = await upload(name, 'text/plain', Buffer.from('hello'));
      const info = await api<{ originalName: string }>(server, 'GET', `/api/files/${fileId}/info`);
      expect(info.body.data.originalName).toBe(name);

      const object = await fetchObject(fileId);
      expect(object.statusCode).toBe(200);
      const disposition = String(object.headers['content-disposition']);
      const match = /^attachment; filename="([^"]*)"; filename\*=UTF-8''([A-Za-z0-9%._~-]+)$/.exec(
        disposition,
      );
      expect(match, disposition).not.toBeNull();
      const [, fallback = '', encoded = ''] = match ?? [];
      // The quoted fallback is printable ASCII without quote, backslash or slash.
      expect(fallback).toMatch(/^[\x20-\x7e]+$/);
      expect(fallback).not.toMatch(/["\\/]/);
      // filename* decodes back to the exact name.
      expect(decodeURIComponent(encoded)).toBe(name);
    });
  }

  for (const [name, message] of REFUSED) {
    it(`refuses ${JSON.stringify(name.slice(0, 40))} with a 400 naming the rule`, async () => {
      const response = await api(server, 'POST', '/api/upload/presign', {
        filename: name,
        contentType: 'text/plain',
        size: 5,
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toEqual({ status: 'error', message });
    });
  }

  for (const contentType of ['text/plain\r\nSet-Cookie: a=b', 'text/ht\nml', 'text /plain', 'x']) {
    it(`refuses the content type ${JSON.stringify(contentType)} at presign, so no download can answer 500`, async () => {
      const response = await api(server, 'POST', '/api/upload/presign', {
        filename: 'a.txt',
        contentType,
        size: 5,
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toEqual({
        status: 'error',
        message:
          'contentType: must be a media type such as text/plain or text/plain; charset=utf-8',
      });
    });
  }

  it('keeps a content type with parameters and reports it in the file info', async () => {
    const fileId = await upload('a.txt', 'text/plain; charset="utf-8"', Buffer.from('hello'));
    const info = await api<{ contentType: string }>(server, 'GET', `/api/files/${fileId}/info`);
    expect(info.body.data.contentType).toBe('text/plain; charset="utf-8"');
    expect((await fetchObject(fileId)).statusCode).toBe(200);
  });

  it('refuses the same names as the original name of an instant short link', async () => {
    const response = await api(server, 'POST', '/api/tiny/instant', { originalName: 'a\nb.txt' });
    expect(response.body).toEqual({
      status: 'error',
      message: 'originalName: must not contain control characters',
    });
  });

  for (const [name, contentType, body] of [
    ['page.html', 'text/html', "<script>document.title='pwned'</script>"],
    ['image.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ['page.xhtml', 'application/xhtml+xml', '<html xmlns="http://www.w3.org/1999/xhtml"/>'],
    ['run.js', 'text/javascript', "document.title='pwned'"],
  ] as const) {
    it(`serves an uploaded ${contentType} file as an inert, sandboxed download`, async () => {
      const fileId = await upload(name, contentType, Buffer.from(body));
      const object = await fetchObject(fileId);
      expect(object.statusCode).toBe(200);
      expect(object.body).toBe(body);
      expect(object.headers['content-disposition']).toMatch(/^attachment; filename="/);
      expect(object.headers['x-content-type-options']).toBe('nosniff');
      // Never the declared type: `<script src=…/download>` must not run it.
      expect(object.headers['content-type']).toBe('application/octet-stream');
      expect(object.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(object.headers['cache-control']).toBe('private, no-store');
      expect(object.headers['referrer-policy']).toBe('no-referrer');
    });
  }
});
