import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { type MarketDataStandin, startMarketDataStandin } from '../../testing/market-data-standin';
import { type SolanaRpcStandin, startSolanaRpcStandin } from '../../testing/solana-rpc-standin';
import { createTestServer, type TestServer } from '../../testing/test-server';
import { walletClient, walletEnv } from './wallet.test-client';

describeEachDatabase('wallet rewards API', (createDatabase) => {
  let rpc: SolanaRpcStandin;
  let market: MarketDataStandin;
  let server: TestServer;
  let client: ReturnType<typeof walletClient>;
  beforeAll(async () => {
    [rpc, market] = await Promise.all([startSolanaRpcStandin(), startMarketDataStandin()]);
  });
  afterAll(async () => {
    await Promise.all([rpc.close(), market.close()]);
  });
  beforeEach(async () => {
    server = await createTestServer({
      database: await createDatabase(),
      env: { ...walletEnv(rpc, market), REWARD_UPLOAD_BASE: '10', REWARD_UPLOAD_PER_GIB: '10' },
    });
    client = walletClient(server);
  });
  afterEach(() => server.close());

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

  it("credits the owner once per downloader, never for the owner's own download", async () => {
    const owner = await client.signUp('owner@example.com');
    await client.link(owner);
    const fileId = await client.uploadOwnedFile(owner);
    const reader = await client.signUp('reader@example.com');

    expect((await rewardDownload(fileId, { ip: '203.0.113.1' })).body.data).toEqual({ reward: 1 });
    expect((await rewardDownload(fileId, { ip: '203.0.113.1' })).body.data).toEqual({ reward: 0 });
    expect((await rewardDownload(fileId, { ip: '203.0.113.2' })).body.data).toEqual({ reward: 1 });
    expect((await rewardDownload(fileId, { token: reader })).body.data).toEqual({ reward: 1 });
    expect((await rewardDownload(fileId, { token: reader })).body.data).toEqual({ reward: 0 });
    expect((await rewardDownload(fileId, { token: owner })).body.data).toEqual({ reward: 0 });

    const me = await client.call('GET', '/api/auth/me', { token: owner });
    expect(me.body.data.user.prickoBalance).toBe(3);
    const readerMe = await client.call('GET', '/api/auth/me', { token: reader });
    expect(readerMe.body.data.user.prickoBalance).toBe(0);
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
    const downloads = await Promise.all(
      Array.from({ length: 12 }, () => rewardDownload(fileId, { ip: '198.51.100.7' })),
    );
    expect(downloads.map((response) => response.body.data.reward).sort()).toEqual([
      ...Array(11).fill(0),
      1,
    ]);
    const me = await client.call('GET', '/api/auth/me', { token: owner });
    expect(me.body.data.user.prickoBalance).toBe(11);
  });

  it('rate-limits download rewards per client', async () => {
    const limited = await createTestServer({
      database: await createDatabase(),
      env: {
        ...walletEnv(rpc, market),
        RATE_LIMIT_ENABLED: 'true',
        RATE_LIMIT_WALLET_PER_MINUTE: '3',
      },
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
