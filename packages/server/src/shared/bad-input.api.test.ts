/** Junk sent to every route gets a 4xx envelope with a readable message, never a 500. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases';
import { createTestServer, type TestServer } from '../testing/test-server';

const JSON_ROUTES = [
  ['POST', '/api/upload/presign'],
  ['POST', '/api/upload/parts'],
  ['POST', '/api/upload/finalize'],
  ['POST', '/api/upload/abort'],
  ['POST', '/api/tiny/instant'],
  ['PUT', '/api/tiny/complete/abcdefghij12'],
  ['POST', '/api/auth/register'],
  ['POST', '/api/auth/login'],
  ['POST', '/api/feedback'],
  ['POST', '/api/solana/connect'],
  ['POST', '/api/solana/disconnect'],
  ['POST', '/api/solana/reward-file-upload'],
  ['POST', '/api/solana/reward-file-download'],
] as const;

const BAD_BODIES: { name: string; payload: string; contentType?: string }[] = [
  { name: 'malformed JSON', payload: '{"filename": ' },
  { name: 'a JSON array', payload: '[1,2,3]' },
  { name: 'a JSON string', payload: '"hello"' },
  {
    name: 'wrong types',
    payload: JSON.stringify({
      filename: 42,
      size: 'big',
      isEncrypted: 'yes',
      objectKey: {},
      partNumbers: 'x',
      originalName: [],
      fileId: 7,
    }),
  },
  {
    name: 'negative and fractional numbers',
    payload: JSON.stringify({
      filename: 'a',
      size: -1.5,
      objectKey: 'k',
      uploadId: 'u',
      partNumbers: [0.5],
    }),
  },
  {
    name: 'huge strings',
    payload: JSON.stringify({
      filename: 'a'.repeat(100_000),
      objectKey: 'k'.repeat(100_000),
      fileId: 'x'.repeat(100_000),
      originalName: 'n'.repeat(100_000),
    }),
  },
  {
    name: 'traversal',
    payload: JSON.stringify({
      filename: '../../etc/passwd',
      size: 1,
      objectKey: '../../../etc/passwd',
      slug: '../..',
      uploadId: '..',
      partNumbers: [1],
      fileId: '../x',
    }),
  },
  {
    name: 'control characters in a name',
    payload: JSON.stringify({ filename: 'a\u0000b\u001b.txt', size: 1, originalName: '\u0007' }),
  },
  { name: 'text/plain body', payload: 'just text', contentType: 'text/plain' },
];

const BAD_PARAMS = [
  '/api/files/..%2F..%2Fetc%2Fpasswd/info',
  '/api/files/%00/info',
  '/api/files/short/download',
  '/api/files/resolve?slug=../../x',
  '/api/files/resolve',
  '/api/s/%E2%80%AEabc',
  `/api/s/${'a'.repeat(500)}`,
  '/api/tiny/analytics/<script>',
  '/api/storage/objects/..%2F..%2Fsecret?sig=x',
  '/api/nope',
];

describeEachDatabase('bad input', (createDatabase) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ database: await createDatabase() });
  });
  afterAll(() => server.close());

  for (const [method, url] of JSON_ROUTES) {
    for (const body of BAD_BODIES) {
      it(`${method} ${url} answers ${body.name} without a 5xx, in the envelope`, async () => {
        const response = await server.app.inject({
          method,
          url,
          payload: body.payload,
          headers: { 'content-type': body.contentType ?? 'application/json' },
        });
        expect(response.statusCode).toBeLessThan(500);
        const json = response.json();
        if (response.statusCode < 400) {
          // Only what is really valid passes: unknown fields ignored, optional ones absent.
          expect(json.status).toBe('success');
          return;
        }
        expect(json.status).toBe('error');
        expect(json.message).toEqual(expect.any(String));
        expect(json.message.length).toBeGreaterThan(5);
      });
    }
  }

  it('refuses a file name that is a path', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/upload/presign',
      payload: { filename: '../../etc/passwd', size: 1 },
    });
    expect(response.json()).toEqual({
      status: 'error',
      message: 'filename: must be a file name, not a path',
    });
  });

  for (const url of BAD_PARAMS) {
    it(`GET ${url.slice(0, 60)} answers with a 4xx envelope`, async () => {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().status).toBe('error');
    });
  }

  it('names the field and the rule in a validation message', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/upload/presign',
      payload: { size: 1 },
    });
    expect(response.json()).toEqual({ status: 'error', message: 'filename: is required' });
  });

  it('refuses a JSON body over 1 MiB with 413', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/upload/presign',
      payload: JSON.stringify({ filename: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ status: 'error', message: 'Request body is too large' });
  });
});
