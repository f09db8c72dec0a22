import { describe, expect, it } from 'vitest';
import { ApiError, envelopeMessage, readEnvelope } from './envelope';

const request = { method: 'POST', path: '/upload/presign' };

describe('readEnvelope', () => {
  it('gives the data of a success', () => {
    const text = JSON.stringify({ status: 'success', data: { slug: 'abc' } });
    expect(readEnvelope({ status: 200, ok: true, text }, request)).toEqual({ slug: 'abc' });
  });

  it("throws the server's message with the status", () => {
    const text = JSON.stringify({ status: 'error', message: 'File not found or has expired.' });
    const read = () => readEnvelope({ status: 404, ok: false, text }, request);
    expect(read).toThrow(ApiError);
    expect(read).toThrow(
      expect.objectContaining({ status: 404, message: 'File not found or has expired.' }),
    );
  });

  it('names the request when the answer is no envelope (a proxy’s HTML page)', () => {
    const read = () =>
      readEnvelope({ status: 502, ok: false, text: '<html>Bad Gateway</html>' }, request);
    expect(read).toThrow('POST /upload/presign failed: 502 <html>Bad Gateway</html>');
  });

  it('refuses a 200 whose body says error', () => {
    const text = JSON.stringify({ status: 'error', message: 'no' });
    expect(() => readEnvelope({ status: 200, ok: true, text }, request)).toThrow('no');
  });
});

describe('envelopeMessage', () => {
  it("reads the server's message of a refused answer, and null from storage's XML", async () => {
    const json = new Response(JSON.stringify({ status: 'error', message: 'Gone.' }), {
      status: 410,
    });
    expect(await envelopeMessage(json)).toBe('Gone.');
    expect(await envelopeMessage(new Response('<Error/>', { status: 403 }))).toBeNull();
  });
});
