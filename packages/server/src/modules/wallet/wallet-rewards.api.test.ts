import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import type { TestServer } from '../../testing/test-server';
import { type WalletTestServer, walletServerPerTest } from './wallet.test-server';

const METRICS_TOKEN = 'metrics-token-0123456789';

describeEachDatabase('wallet rewards API', (createDatabase) => {
  let server: TestServer;
  let client: WalletTestServer['client'];
  let startServer: WalletTestServer['startServer'];
  walletServerPerTest(
    createDatabase,
    {
      REWARD_UPLOAD_BASE: '10',
      REWARD_UPLOAD_PER_GIB: '10',
      // The test files are 1000 bytes; the 1 MiB default has its own test below.
      REWARD_MIN_BYTES: '1000',
      METRICS_TOKEN: METRICS_TOKEN,
    },
    (started) => {
      ({ server, client, startServer } = started);
    },
  );

  const rewardUpload = (token: string, fileId: string) =>
    client.call('POST', '/api/solana/reward-file-upload', {
      token,
      // The client's claims are ignored: the server uses the stored size and the linked wallet.
      body: { walletAddress: 'AnyWallet1111111111111111111111111', fileSize: 1e15, fileId },
    });
  const rewardDownload = (fileId: string, options: { token?: string; ip?: string } = {}) =>
    client.call('POST', '/api/solana/reward-file-download', {
      ...options,
      body: { uploaderWallet: null, downloaderWallet: null, fileId },
    });

  /** Rewards and tokens credited so far, as /metrics reports them. */
  const credited = async (kind: 'upload' | 'download') => {
    const text = (
      await server.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      })
    ).body;
    const value = (series: string) =>
      Number(text.match(new RegExp(`^${series}\\{kind="${kind}"\\} (\\d+)$`, 'm'))?.[1]);
    return {
      rewards: value('sealdrop_rewards_credited_total'),
      tokens: value('sealdrop_reward_tokens_credited_total'),
    };
  };

  it('credits an upload once, on the stored size, and shows it in the balance and history', async () => {
    const token = await client.signUp('ada@example.com');
    await client.link(token);
    const fileId = await client.uploadOwnedFile(token);
    const first = await rewardUpload(token, fileId);
    expect(first.body).toEqual({
      status: 'success',
      data: { reward: 10, newBalance: 10, message: 'Earned 10 tokens for uploading!' },
    });
    const second = await rewardUpload(token, fileId);
    expect(second.body.data).toEqual({
      reward: 0,
      newBalance: 10,
      message: 'This upload has already been rewarded',
    });
    const me = await client.call('GET', '/api/auth/me', { token });
    expect(me.body.data.user.prickoBalance).toBe(10);
    const history = await client.call('GET', '/api/auth/balance-history', { token });
    expect(history.body.data.entries).toEqual([
      expect.objectContaining({ amount: 10, reason: 'upload_reward' }),
    ]);
    expect(await credited('upload')).toEqual({ rewards: 1, tokens: 10 });
  });

  it('refuses an upload reward without a linked wallet, for a file of another account, or an unfinished file', async () => {
    const ada = await client.signUp('ada@example.com');
    const fileId = await client.uploadOwnedFile(ada);
    expect(await rewardUpload(ada, fileId)).toEqual({
      statusCode: 400,
      body: { status: 'error', message: 'Wallet not connected' },
    });
    const bob = await client.signUp('bob@example.com');
    await client.link(bob);
    const notFound = { status: 'error', message: 'File not found or not finalized' };
    expect(await rewardUpload(bob, fileId)).toEqual({ statusCode: 404, body: notFound });
    expect(await rewardUpload(bob, 'nosuchfile12')).toEqual({ statusCode: 404, body: notFound });
    const pending = await client.call('POST', '/api/upload/presign', {
      token: bob,
      body: { filename: 'a.bin', contentType: 'text/plain', size: 5, isEncrypted: false },
    });
    expect(await rewardUpload(bob, pending.body.data.slug)).toEqual({
      statusCode: 404,
      body: notFound,
    });
    expect((await rewardUpload('', fileId)).statusCode).toBe(401);
  });

  it('credits the owner once per visitor that was given a download, by address and by account, never the uploader', async () => {
    const owner = await client.signUp('owner@example.com');
    await client.link(owner);
    // Uploaded from 127.0.0.1, the address inject uses by default.
    const fileId = await client.uploadOwnedFile(owner);
    const reader = await client.signUp('reader@example.com');
    const reward = async (options: { token?: string; ip?: string }) =>
      (await rewardDownload(fileId, options)).body.data.reward;

    // No download asked for, no reward: the call alone proves nothing.
    expect(await reward({ ip: '203.0.113.1' })).toBe(0);
    await client.download(fileId, { ip: '203.0.113.1' });
    expect(await reward({ ip: '203.0.113.1' })).toBe(1);
    expect(await reward({ ip: '203.0.113.1' })).toBe(0);
    // A fresh account on an address that was already paid for is the same visitor.
    await client.download(fileId, { ip: '203.0.113.1', token: reader });
    expect(await reward({ ip: '203.0.113.1', token: reader })).toBe(0);
    // An account is one visitor wherever it comes from.
    await client.download(fileId, { ip: '203.0.113.2', token: reader });
    expect(await reward({ ip: '203.0.113.2', token: reader })).toBe(0);
    await client.download(fileId, { ip: '203.0.113.3' });
    expect(await reward({ ip: '203.0.113.3' })).toBe(1);
    // The uploader: their account from anywhere, or anyone from their address.
    await client.download(fileId, { ip: '203.0.113.4', token: owner });
    expect(await reward({ ip: '203.0.113.4', token: owner })).toBe(0);
    await client.download(fileId);
    expect(await reward({})).toBe(0);

    const me = await client.call('GET', '/api/auth/me', { token: owner });
    expect(me.body.data.user.prickoBalance).toBe(2);
    const readerMe = await client.call('GET', '/api/auth/me', { token: reader });
    expect(readerMe.body.data.user.prickoBalance).toBe(0);
    expect(await credited('download')).toEqual({ rewards: 2, tokens: 2 });
  });

  it('pays nothing for files under REWARD_MIN_BYTES: five small uploads earn nothing', async () => {
    const { server: strict, client: strictClient } = await startServer();
    try {
      const owner = await strictClient.signUp('owner@example.com');
      await strictClient.link(owner);
      for (let i = 0; i < 5; i += 1) {
        const fileId = await strictClient.uploadOwnedFile(owner, i === 0 ? 1 : 1000);
        const upload = await strictClient.call('POST', '/api/solana/reward-file-upload', {
          token: owner,
          body: { fileId },
        });
        expect(upload.body.data).toEqual({
          reward: 0,
          newBalance: 0,
          message: 'Files smaller than 1 MB earn no upload reward',
        });
        await strictClient.download(fileId, { ip: '203.0.113.9' });
        const download = await strictClient.call('POST', '/api/solana/reward-file-download', {
          ip: '203.0.113.9',
          body: { fileId },
        });
        expect(download.body.data).toEqual({ reward: 0 });
      }
      const big = await strictClient.uploadOwnedFile(owner, 1024 * 1024);
      const upload = await strictClient.call('POST', '/api/solana/reward-file-upload', {
        token: owner,
        body: { fileId: big },
      });
      expect(upload.body.data.reward).toBe(10);
    } finally {
      await strict.close();
    }
  });

  it('takes the upload reward back when the uploader deletes the file within a day', async () => {
    const owner = await client.signUp('owner@example.com');
    await client.link(owner);
    const fileId = await client.uploadOwnedFile(owner);
    expect((await rewardUpload(owner, fileId)).body.data.reward).toBe(10);
    server.clock.advance(23 * 60 * 60 * 1000);
    const deleted = await client.call('DELETE', `/api/files/${fileId}`, { token: owner });
    expect(deleted.statusCode).toBe(200);
    const history = await client.call('GET', '/api/auth/balance-history', { token: owner });
    expect(history.body.data.entries).toEqual([
      expect.objectContaining({ amount: -10, reason: 'upload_reward_reversed' }),
      expect.objectContaining({ amount: 10, reason: 'upload_reward' }),
    ]);
    const me = await client.call('GET', '/api/auth/me', { token: owner });
    expect(me.body.data.user.prickoBalance).toBe(0);
    // Deleted, it cannot be rewarded again.
    expect((await rewardUpload(owner, fileId)).statusCode).toBe(404);
  });

  it('keeps a reward paid more than a day before the delete', async () => {
    const owner = await client.signUp('owner@example.com');
    await client.link(owner);
    const fileId = await client.uploadOwnedFile(owner);
    expect((await rewardUpload(owner, fileId)).body.data.reward).toBe(10);
    // Reversal looks only at the reward's age; a free file is gone by then, so age the reward.
    await server.db
      .updateTable('ledger_entries')
      .set({ created_at: server.clock.now().getTime() - 25 * 60 * 60 * 1000 })
      .where('reference', '=', fileId)
      .execute();
    const deleted = await client.call('DELETE', `/api/files/${fileId}`, { token: owner });
    expect(deleted.statusCode).toBe(200);
    const me = await client.call('GET', '/api/auth/me', { token: owner });
    expect(me.body.data.user.prickoBalance).toBe(10);
  });

  it('gives no download reward when the owner has no wallet, and 404 for an unknown or expired file', async () => {
    const owner = await client.signUp('owner@example.com');
    const fileId = await client.uploadOwnedFile(owner);
    expect((await rewardDownload(fileId)).body.data).toEqual({ reward: 0 });
    expect((await rewardDownload('nosuchfile12')).statusCode).toBe(404);
    server.clock.advance(25 * 60 * 60 * 1000);
    expect((await rewardDownload(fileId)).statusCode).toBe(404);
  });

  it('never credits twice when the same reward is claimed by many requests at once', async () => {
    const owner = await client.signUp('owner@example.com');
    await client.link(owner);
    const fileId = await client.uploadOwnedFile(owner);
    const uploads = await Promise.all(
      Array.from({ length: 12 }, () => rewardUpload(owner, fileId)),
    );
    expect(uploads.every((response) => response.statusCode === 200)).toBe(true);
    expect(uploads.map((response) => response.body.data.reward).sort()).toEqual([
      ...Array(11).fill(0),
      10,
    ]);
    await client.download(fileId, { ip: '198.51.100.7' });
    const downloads = await Promise.all(
      Array.from({ length: 12 }, () => rewardDownload(fileId, { ip: '198.51.100.7' })),
    );
    expect(downloads.map((response) => response.body.data.reward).sort()).toEqual([
      ...Array(11).fill(0),
      1,
    ]);
    const me = await client.call('GET', '/api/auth/me', { token: owner });
    expect(me.body.data.user.prickoBalance).toBe(11);
    expect(await credited('upload')).toEqual({ rewards: 1, tokens: 10 });
    expect(await credited('download')).toEqual({ rewards: 1, tokens: 1 });
  });

  it('rate-limits download rewards per client', async () => {
    const { server: limited } = await startServer({
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_WALLET_PER_MINUTE: '3',
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/solana/reward-file-download',
          payload: { fileId: 'nosuchfile12' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
