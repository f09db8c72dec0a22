/**
 * While a server closes, the request it is serving finishes, and a request that
 * arrives after it on the same keep-alive connection gets a 503 in the error envelope.
 */
import { connect } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { createSqliteTestDatabase } from '../testing/databases';
import { createTestServer, type TestServer } from '../testing/test-server';
import { pathOf, presign } from '../testing/upload-helpers';

let server: TestServer | undefined;
afterEach(() => server?.close().catch(() => {}));

it('finishes the request in flight and answers the next one on its connection 503', async () => {
  server = await createTestServer({ database: await createSqliteTestDatabase() });
  const size = 1000;
  const plan = (await presign(server, { size })).body.data;
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');

  const socket = connect(address.port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += String(chunk);
  });
  const ended = new Promise((resolve) => socket.on('close', resolve));
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `PUT ${pathOf(plan.uploadUrl ?? '')} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Content-Type: application/octet-stream\r\nContent-Length: ${size}\r\n\r\n`,
  );
  socket.write(Buffer.alloc(size / 2));
  await new Promise((resolve) => setTimeout(resolve, 100));

  const closed = server.app.close();
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.write(Buffer.alloc(size / 2));
  socket.write('GET /api/health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  await ended;
  await closed;

  const responses = received.split(/(?=HTTP\/1\.1 )/);
  expect(responses[0]).toMatch(/^HTTP\/1\.1 200 /);
  expect(responses[1]).toMatch(/^HTTP\/1\.1 503 /);
  expect(responses[1]).toMatch(/connection: close/i);
  expect(responses[1]).toContain(
    '{"status":"error","message":"Service unavailable: the server is shutting down"}',
  );
});
