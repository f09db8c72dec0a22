/**
 * A client that stops sending its body is cut off: the connection closes and the local store's
 * temporary file is removed. The idle limit is per gap, not a total: a slow body that keeps
 * coming finishes. (A short REQUEST_BODY_IDLE_SECONDS here; 60 s by default.)
 */
import { readdirSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteTestDatabase } from '../testing/databases';
import { createTestServer, type TestServer } from '../testing/test-server';
import { pathOf, presign } from '../testing/upload-helpers';
import { HEADERS_TIMEOUT_MS } from './request-timeouts';

const SIZE = 4096;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('request timeouts', () => {
  let server: TestServer;
  let port: number;
  const sockets: Socket[] = [];
  beforeEach(async () => {
    server = await createTestServer({
      database: await createSqliteTestDatabase(),
      env: { REQUEST_BODY_IDLE_SECONDS: '2' },
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as { port: number }).port;
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await server.close();
  });

  const tempFiles = () => {
    try {
      return readdirSync(join(server.config.DATA_DIR, 'objects', 'tmp'));
    } catch {
      return [];
    }
  };

  /** Opens a PUT of SIZE bytes to a fresh upload URL and sends its head; the body is the test's. */
  async function startPut(): Promise<{ socket: Socket; closed: Promise<string> }> {
    const { body } = await presign(server, { size: SIZE, isEncrypted: false });
    if (!body.data?.uploadUrl) throw new Error(`presign failed: ${JSON.stringify(body)}`);
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `PUT ${pathOf(body.data.uploadUrl)} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Content-Type: application/octet-stream\r\nContent-Length: ${SIZE}\r\n\r\n`,
    );
    return { socket, closed };
  }

  it('cuts off a body that stops arriving and removes its temporary file', async () => {
    const { socket, closed } = await startPut();
    // A trickle, then nothing more.
    for (let i = 0; i < 4; i++) {
      socket.write(Buffer.alloc(16, i));
      await sleep(200);
    }
    for (let i = 0; i < 100 && tempFiles().length === 0; i++) await sleep(20);
    expect(tempFiles()).toHaveLength(1);
    // Without a limit this would wait forever: the test's own timeout would fail it.
    const answer = await closed;
    expect(answer).not.toMatch(/^HTTP\/1\.1 200/);
    for (let i = 0; i < 100 && tempFiles().length > 0; i++) await sleep(20);
    expect(tempFiles()).toEqual([]);
  }, 20_000);

  it('lets a slow body finish as long as bytes keep coming', async () => {
    const { socket, closed } = await startPut();
    // 16 writes 300 ms apart: longer in all than the 2 s idle limit, never idle that long.
    for (let i = 0; i < 16; i++) {
      socket.write(Buffer.alloc(SIZE / 16, i));
      await sleep(300);
    }
    socket.end();
    expect(await closed).toMatch(/^HTTP\/1\.1 200/);
  }, 20_000);

  it('limits how long request headers and idle keep-alive connections may take', () => {
    expect(server.app.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(server.app.server.keepAliveTimeout).toBe(72_000);
  });
});
