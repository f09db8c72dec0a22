/**
 * Behind the documented proxy, a client must not choose its own IP: with a
 * hop count or a list of proxies, only what a trusted proxy saw counts, so rotating a forged
 * X-Forwarded-For does not give a fresh rate-limit identity.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteTestDatabase } from '../testing/databases';
import { createTestServer, type TestServer } from '../testing/test-server';

const PROXY = '127.0.0.1';
const CLIENT = '203.0.113.7';

describe('client IP behind a reverse proxy', () => {
  let server: TestServer;
  afterEach(() => server.close());

  async function start(trustProxy: string) {
    server = await createTestServer({
      database: await createSqliteTestDatabase(),
      env: { TRUST_PROXY: trustProxy, RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_AUTH_PER_MINUTE: '2' },
    });
  }
  /** A login attempt as nginx's `$proxy_add_x_forwarded_for` passes it: the client's header, then the address nginx saw. */
  const viaProxy = (forged: string, peer = CLIENT, remoteAddress = PROXY) =>
    server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers: { 'x-forwarded-for': `${forged}, ${peer}` },
      payload: {},
    });

  it('counts the address the one trusted proxy saw, however the client rotates its own header (TRUST_PROXY=1)', async () => {
    await start('1');
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await viaProxy(`10.0.0.${i}`)).statusCode);
    expect(codes).toEqual([400, 400, 429, 429]);
    // Another real client behind the same proxy still gets through.
    expect((await viaProxy('10.0.0.9', '198.51.100.20')).statusCode).toBe(400);
  });

  it('honours the header only from the listed proxy addresses (TRUST_PROXY=127.0.0.1/32,::1)', async () => {
    await start('127.0.0.1/32, ::1');
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await viaProxy(`10.0.0.${i}`)).statusCode);
    expect(codes).toEqual([400, 400, 429]);
    // A peer that is not a listed proxy is itself the client: its header is ignored.
    const direct = [];
    for (let i = 0; i < 3; i++)
      direct.push((await viaProxy(`10.1.0.${i}`, `10.2.0.${i}`, '192.0.2.50')).statusCode);
    expect(direct).toEqual([400, 400, 429]);
  });
});
