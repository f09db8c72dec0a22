/**
 * One address rule everywhere (shared/client-address.ts): an IPv4 address or an IPv6 /64 is one
 * client for the login lockout and the rate limits, also behind the documented proxy; and what the
 * database keeps of it is a hash keyed by the server secret, never the unkeyed SHA-256 that a
 * brute force over every IPv4 address reverses.
 */
import { createHash } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases';
import { createTestServer, type TestServer } from '../testing/test-server';
import { putBytes } from '../testing/upload-helpers';
import { createAddressHasher } from './client-address';

const PROXY = '127.0.0.1';
const EMAIL = 'ada@example.com';
const PASSWORD = 'Correct-Horse-9';

describeEachDatabase('client addresses', (createDatabase) => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  const start = async (env: Record<string, string>, secret?: string) => {
    const server = await createTestServer({ database: await createDatabase(), env, secret });
    servers.push(server);
    return server;
  };

  /** A login as the one trusted proxy passes it: the client's forged header, then what it saw. */
  const loginVia = (server: TestServer, client: string, password: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': `10.9.9.9, ${client}` },
      payload: { email: EMAIL, password },
    });

  it('locks out a whole IPv6 /64 after ten wrong passwords from ten of its addresses, not the next /64', async () => {
    const server = await start({ TRUST_PROXY: '1', RATE_LIMIT_ENABLED: 'false' });
    await server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: EMAIL, password: PASSWORD },
    });
    for (let i = 1; i <= 10; i += 1)
      expect((await loginVia(server, `2001:db8:aa:1::${i}`, `guess-${i}`)).statusCode).toBe(401);
    expect((await loginVia(server, '2001:db8:aa:1:ffff::77', PASSWORD)).statusCode).toBe(429);
    expect((await loginVia(server, '2001:db8:aa:2::1', PASSWORD)).statusCode).toBe(200);
  });

  it('rate-limits every address of one IPv6 /64 as one client behind the proxy', async () => {
    const server = await start({
      TRUST_PROXY: '1',
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_AUTH_PER_MINUTE: '2',
    });
    const codes = [];
    for (let i = 1; i <= 3; i += 1)
      codes.push((await loginVia(server, `2001:db8:bb:1:${i}::${i}`, 'x')).statusCode);
    expect(codes).toEqual([401, 401, 429]);
    expect((await loginVia(server, '2001:db8:bb:2::1', 'x')).statusCode).toBe(401);
  });

  /** A failed login, an upload and a download from `ip`: every row that keeps an address. */
  async function storedHashes(server: TestServer, ip: string) {
    await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      payload: { email: EMAIL, password: 'not-it' },
    });
    const presigned = await server.app.inject({
      method: 'POST',
      url: '/api/upload/presign',
      remoteAddress: ip,
      payload: { filename: 'a.txt', contentType: 'text/plain', size: 3, isEncrypted: false },
    });
    const plan = presigned.json().data;
    await putBytes(server, plan.uploadUrl, Buffer.from('abc'));
    await server.app.inject({
      method: 'POST',
      url: '/api/upload/finalize',
      payload: { objectKey: plan.objectKey, slug: plan.slug },
    });
    const download = await server.app.inject({
      method: 'GET',
      url: `/api/files/${plan.slug}/download`,
      remoteAddress: ip,
    });
    expect(download.statusCode).toBe(302);
    const db = server.db;
    return [
      (await db.selectFrom('login_attempts').select('ip_hash').executeTakeFirstOrThrow()).ip_hash,
      (await db.selectFrom('files').select('uploader_ip_hash').executeTakeFirstOrThrow())
        .uploader_ip_hash,
      (await db.selectFrom('file_downloads').select('ip_hash').executeTakeFirstOrThrow()).ip_hash,
    ];
  }

  it('stores a hash of the address keyed by the server secret: not the unkeyed SHA-256, and another under another secret', async () => {
    const ip = '203.0.113.45';
    const unkeyed = createHash('sha256').update(ip).digest('base64url').slice(0, 32);
    const first = await start({ RATE_LIMIT_ENABLED: 'false' }, 'a'.repeat(32));
    const second = await start({ RATE_LIMIT_ENABLED: 'false' }, 'b'.repeat(32));
    const underFirst = await storedHashes(first, ip);
    const underSecond = await storedHashes(second, ip);
    expect(underFirst).toEqual(Array(3).fill(createAddressHasher('a'.repeat(32))(ip)));
    expect(underSecond).toEqual(Array(3).fill(createAddressHasher('b'.repeat(32))(ip)));
    expect(underFirst[0]).not.toBe(underSecond[0]);
    for (const hash of [...underFirst, ...underSecond]) {
      expect(hash).not.toBe(unkeyed);
      expect(hash).not.toContain(ip);
    }
  });
});
