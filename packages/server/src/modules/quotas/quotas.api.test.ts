/**
 * Daily quotas and the storage cap at presign, counted in the database (no REDIS_URL): a rolling
 * 24-hour window per address (anonymous) or per account, in bytes (file size + encryptedMetadata
 * length) and in uploads; an aborted upload gives its room back.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { serverPerTest } from '../../testing/server-per-test';
import type { TestServer } from '../../testing/test-server';
import { type ModerationClient, moderationClient } from '../moderation/moderation.test-client';

const HOUR_MS = 60 * 60 * 1000;
const MiB = 1024 * 1024;

/** The reset time as the message words it: UTC to the minute, rounded up. */
function resetText(at: number): string {
  const minute = 60_000;
  return `${new Date(Math.ceil(at / minute) * minute).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

describeEachDatabase('daily upload quotas', (createDatabase) => {
  let server: TestServer;
  let client: ModerationClient;
  serverPerTest(
    createDatabase,
    {
      env: {
        RATE_LIMIT_ENABLED: 'false',
        ANON_DAILY_UPLOADS: '2',
        ANON_DAILY_BYTES: '10MB',
        ACCOUNT_DAILY_UPLOADS: '3',
        PREMIUM_DAILY_UPLOADS: '4',
      },
    },
    (started) => {
      server = started;
      client = moderationClient(server);
    },
  );
  const at = (ip: string) => ({ ip });

  it('refuses an address its third upload of the day, naming the limit and when it resets', async () => {
    const start = server.clock.now().getTime();
    expect((await client.presign({}, at('198.51.100.1'))).statusCode).toBe(200);
    server.clock.advance(HOUR_MS);
    expect((await client.presign({}, at('198.51.100.1'))).statusCode).toBe(200);
    server.clock.advance(HOUR_MS);
    const refused = await client.presign({}, at('198.51.100.1'));
    expect(refused).toMatchObject({
      statusCode: 429,
      body: {
        status: 'error',
        message: `You have reached today's upload limit of 2 uploads. It resets at ${resetText(start + 24 * HOUR_MS)}.`,
      },
    });
    expect(refused.headers['retry-after']).toBe(String(22 * 60 * 60));
    // Another address has its own day.
    expect((await client.presign({}, at('198.51.100.2'))).statusCode).toBe(200);

    // A rolling window: once the first upload is 24 h old, there is room for one more.
    server.clock.advance(22 * HOUR_MS);
    expect((await client.presign({}, at('198.51.100.1'))).statusCode).toBe(200);
    expect((await client.presign({}, at('198.51.100.1'))).statusCode).toBe(429);
  });

  it('counts bytes, encrypted metadata included, and names the size the way the app shows sizes', async () => {
    const start = server.clock.now().getTime();
    expect((await client.presign({ size: 6 * MiB }, at('203.0.113.1'))).statusCode).toBe(200);
    server.clock.advance(1000);
    const refused = await client.presign({ size: 5 * MiB }, at('203.0.113.1'));
    expect(refused).toMatchObject({
      statusCode: 429,
      body: {
        message: `You have reached today's upload limit of 10 MB. It resets at ${resetText(start + 24 * HOUR_MS)}.`,
      },
    });
    // 4 MiB fits by size alone, but not with 3,000 characters of sealed metadata on top.
    const metadata = 'A'.repeat(3000);
    expect(
      (await client.presign({ size: 4 * MiB, isEncrypted: true, metadata }, at('203.0.113.1')))
        .statusCode,
    ).toBe(429);
    expect(
      (
        await client.presign(
          { size: 4 * MiB - 3000, isEncrypted: true, metadata },
          at('203.0.113.1'),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('always admits the first upload of an empty window, even one larger than the byte quota', async () => {
    expect((await client.presign({ size: 11 * MiB }, at('203.0.113.50'))).statusCode).toBe(200);
    expect((await client.presign({ size: 1 }, at('203.0.113.50'))).statusCode).toBe(429);
  });

  it("gives an aborted upload's room back", async () => {
    const first = await client.presign({}, at('192.0.2.1'));
    const plan = first.body.data as { objectKey: string };
    await client.presign({}, at('192.0.2.1'));
    expect((await client.presign({}, at('192.0.2.1'))).statusCode).toBe(429);
    const aborted = await client.call('POST', '/api/upload/abort', {
      body: { objectKey: plan.objectKey },
    });
    expect(aborted.statusCode).toBe(200);
    expect((await client.presign({}, at('192.0.2.1'))).statusCode).toBe(200);
    expect((await client.presign({}, at('192.0.2.1'))).statusCode).toBe(429);
  });

  it('shares one quota across an IPv6 /64', async () => {
    for (const address of ['2001:db8:5::1', '2001:db8:5::2'])
      expect((await client.presign({}, at(address))).statusCode).toBe(200);
    expect((await client.presign({}, at('2001:db8:5:0:ffff::3'))).statusCode).toBe(429);
    expect((await client.presign({}, at('2001:db8:6::1'))).statusCode).toBe(200);
  });

  it('counts a signed-in account on its own, higher quota, and premium higher again', async () => {
    const ada = await client.signUp('ada@example.com');
    for (let i = 0; i < 3; i += 1)
      expect((await client.presign({}, { token: ada.token })).statusCode).toBe(200);
    const refused = await client.presign({}, { token: ada.token });
    expect(refused.body.message).toMatch(/^You have reached today's upload limit of 3 uploads\./);
    // The address's anonymous quota was not touched by the account's uploads.
    expect((await client.presign({})).statusCode).toBe(200);

    await server.db
      .updateTable('users')
      .set({ tier: 'premium' })
      .where('id', '=', ada.id)
      .execute();
    expect((await client.presign({}, { token: ada.token })).statusCode).toBe(200);
    expect((await client.presign({}, { token: ada.token })).statusCode).toBe(429);
  });
});

describeEachDatabase('the storage cap', (createDatabase) => {
  let server: TestServer;
  let client: ModerationClient;
  serverPerTest(
    createDatabase,
    { env: { RATE_LIMIT_ENABLED: 'false', STORAGE_MAX_BYTES: '100' } },
    (started) => {
      server = started;
      client = moderationClient(started);
    },
  );

  it('answers 507 once the instance is full, and room comes back when files go', async () => {
    const { fileId } = await client.upload({ size: 60 });
    const full = await client.presign({ size: 60 }, { ip: '198.51.100.30' });
    expect(full).toMatchObject({
      statusCode: 507,
      body: { status: 'error', message: 'Sealdrop is full right now. Please try again later.' },
    });
    expect((await client.presign({ size: 40 }, { ip: '198.51.100.31' })).statusCode).toBe(200);
    expect((await client.presign({ size: 1 }, { ip: '198.51.100.32' })).statusCode).toBe(507);
    // Expired files hold no room (the stored sum is read again at most every 10 s).
    server.clock.advance(25 * 60 * 60 * 1000);
    expect((await client.call('GET', `/api/files/${fileId}/info`)).statusCode).toBe(404);
    expect((await client.presign({ size: 60 }, { ip: '198.51.100.30' })).statusCode).toBe(200);
  });
});
