/**
 * What a block does: a suspended account can neither sign in nor use a session it had; a blocked
 * address (IPv4, or the whole IPv6 /64) cannot presign until the block ends. Behind the one trusted
 * proxy (TRUST_PROXY=1), the address is the one the proxy saw, as X-Forwarded-For carries it.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import type { TestServer } from '../../testing/test-server';
import { type ModerationClient, moderationServerPerTest, PASSWORD } from './moderation.test-client';

const SUSPENDED = {
  statusCode: 403,
  body: { status: 'error', message: 'This account has been suspended.' },
};
const BLOCKED = {
  statusCode: 403,
  body: {
    status: 'error',
    message:
      'Uploads from your network are blocked. Contact abuse@sealdrop.test if you think this is a mistake.',
  },
};
const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDatabase('blocks and suspensions', (createDatabase) => {
  let server: TestServer;
  let client: ModerationClient;
  let admin: { token: string; id: string };
  moderationServerPerTest(
    createDatabase,
    { TRUST_PROXY: '1', ABUSE_EMAIL: 'abuse@sealdrop.test' },
    async (started, startedClient) => {
      server = started;
      client = startedClient;
      admin = await client.admin();
    },
  );
  /** As the proxy in front forwards a request from `address`. */
  const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

  it('a suspended account cannot sign in, refresh, or use the API; lifting it restores all', async () => {
    const eve = await client.signUp('eve@example.com');
    const suspended = await client.call('PUT', `/api/admin/accounts/${eve.id}/suspension`, {
      token: admin.token,
      body: { note: 'Phishing.' },
    });
    expect(suspended.statusCode).toBe(200);

    const login = { email: 'eve@example.com', password: PASSWORD };
    expect(await client.call('POST', '/api/auth/login', { body: login })).toMatchObject(SUSPENDED);
    // A wrong password still says only that: nothing about the account to a guesser.
    const guess = await client.call('POST', '/api/auth/login', {
      body: { ...login, password: 'nope-nope-1' },
    });
    expect(guess.statusCode).toBe(401);
    for (const [method, url] of [
      ['POST', '/api/auth/refresh-token'],
      ['GET', '/api/auth/me'],
      ['GET', '/api/files/my-files'],
      ['POST', '/api/upload/presign'],
      ['GET', '/api/auth/balance-history'],
    ] as const) {
      const answer = await client.call(method, url, {
        token: eve.token,
        body: method === 'POST' ? { filename: 'a.txt', size: 1 } : undefined,
      });
      expect(answer, url).toMatchObject(SUSPENDED);
    }

    await client.call('DELETE', `/api/admin/accounts/${eve.id}/suspension`, { token: admin.token });
    expect((await client.call('GET', '/api/auth/me', { token: eve.token })).statusCode).toBe(200);
    expect((await client.call('POST', '/api/auth/login', { body: login })).statusCode).toBe(200);
  });

  it('a blocked IPv6 uploader cannot presign from any address of the same /64, until the block ends', async () => {
    const { fileId } = await client.upload({}, from('2001:db8:aa:bb::1'));
    const blocked = await client.call('POST', `/api/admin/files/${fileId}/uploader-block`, {
      token: admin.token,
      body: { blockAddressDays: 2 },
    });
    expect(blocked.statusCode).toBe(200);

    for (const sameNetwork of [
      '2001:db8:aa:bb::1',
      '2001:db8:aa:bb:ffff:1:2:3',
      '2001:db8:aa:bb::9',
    ]) {
      expect(await client.presign({}, from(sameNetwork)), sameNetwork).toMatchObject(BLOCKED);
    }
    // Signed in or not: the block is on the network.
    const mallory = await client.signUp('mallory@example.com');
    expect(
      await client.presign({}, { ...from('2001:db8:aa:bb::7'), token: mallory.token }),
    ).toMatchObject(BLOCKED);
    // The next /64 and an IPv4 address are other networks.
    expect((await client.presign({}, from('2001:db8:aa:bc::1'))).statusCode).toBe(200);
    expect((await client.presign({}, from('198.51.100.8'))).statusCode).toBe(200);
    // A forged header before the proxy's own entry changes nothing.
    expect(await client.presign({}, from('198.51.100.99, 2001:db8:aa:bb::5'))).toMatchObject(
      BLOCKED,
    );
    // What is already shared still downloads: a block is about uploading.
    expect((await client.call('GET', `/api/files/${fileId}/info`)).statusCode).toBe(200);

    server.clock.advance(2 * DAY_MS + 1000);
    expect((await client.presign({}, from('2001:db8:aa:bb::1'))).statusCode).toBe(200);
  });

  it('blocks an IPv4 address by itself, and lifting the block lets it upload again', async () => {
    const { fileId } = await client.upload({}, from('203.0.113.20'));
    await client.call('POST', `/api/admin/files/${fileId}/uploader-block`, {
      token: admin.token,
      body: { blockAddressDays: 30 },
    });
    expect(await client.presign({}, from('203.0.113.20'))).toMatchObject(BLOCKED);
    expect((await client.presign({}, from('203.0.113.21'))).statusCode).toBe(200);
    const file = await client.call('GET', `/api/admin/files/${fileId}`, { token: admin.token });
    const hash = (file.body.data as { file: { uploader: { addressHash: string } } }).file.uploader
      .addressHash;
    await client.call('DELETE', `/api/admin/address-blocks/${hash}`, { token: admin.token });
    expect((await client.presign({}, from('203.0.113.20'))).statusCode).toBe(200);
  });
});

describeEachDatabase('the block message without ABUSE_EMAIL', (createDatabase) => {
  let client: ModerationClient;
  moderationServerPerTest(createDatabase, {}, (_started, startedClient) => {
    client = startedClient;
  });

  it('names the operator of the site instead', async () => {
    const { token } = await client.admin();
    const { fileId } = await client.upload({}, { ip: '192.0.2.44' });
    await client.call('POST', `/api/admin/files/${fileId}/uploader-block`, {
      token,
      body: { blockAddressDays: 1 },
    });
    expect(await client.presign({}, { ip: '192.0.2.44' })).toMatchObject({
      statusCode: 403,
      body: {
        message:
          'Uploads from your network are blocked. Contact the operator of this site if you think this is a mistake.',
      },
    });
  });
});
