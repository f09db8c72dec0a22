/**
 * Download rewards cannot be farmed from one network: every address of one IPv6 /64 is one
 * visitor, and a file and an uploader earn at most REWARD_DOWNLOAD_DAILY_PER_FILE and
 * REWARD_DOWNLOAD_DAILY_PER_UPLOADER download rewards in any 24 hours (docs/wallet.md).
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import type { TestServer } from '../../testing/test-server';
import { type WalletTestServer, walletServerPerTest } from './wallet.test-server';

const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDatabase('download reward farming', (createDatabase) => {
  let server: TestServer;
  let client: WalletTestServer['client'];
  walletServerPerTest(
    createDatabase,
    {
      REWARD_MIN_BYTES: '1000',
      REWARD_DOWNLOAD_DAILY_PER_FILE: '3',
      REWARD_DOWNLOAD_DAILY_PER_UPLOADER: '5',
      // Files outlive a day here, so the caps can be seen to reset.
      RETENTION_HOURS: '96',
    },
    (started) => {
      ({ server, client } = started);
    },
  );

  /** A visitor from `ip` downloads the file, then asks for the uploader's reward: what it paid. */
  const downloadAndReward = async (fileId: string, ip: string) => {
    await client.download(fileId, { ip });
    const response = await client.call('POST', '/api/solana/reward-file-download', {
      ip,
      body: { fileId },
    });
    expect(response.statusCode).toBe(200);
    return response.body.data.reward as number;
  };
  const balanceOf = async (token: string) =>
    (await client.call('GET', '/api/auth/me', { token })).body.data.user.prickoBalance as number;

  async function linkedOwnerWithFile() {
    const owner = await client.signUp('owner@example.com');
    await client.link(owner);
    return { owner, fileId: await client.uploadOwnedFile(owner) };
  }

  it('pays one download reward for 25 addresses of one IPv6 /64, and one more for the next /64', async () => {
    const { owner, fileId } = await linkedOwnerWithFile();
    const paid: number[] = [];
    for (let i = 1; i <= 25; i += 1)
      paid.push(await downloadAndReward(fileId, `2001:db8:77:1:${i.toString(16)}::${i}`));
    expect(paid.filter((reward) => reward > 0)).toEqual([1]);
    expect(await downloadAndReward(fileId, '2001:db8:77:2::1')).toBe(1);
    // IPv4-mapped IPv6 is the IPv4 address.
    expect(await downloadAndReward(fileId, '203.0.113.9')).toBe(1);
    expect(await downloadAndReward(fileId, '::ffff:203.0.113.9')).toBe(0);
    expect(await balanceOf(owner)).toBe(3);
  });

  it('pays a file at most REWARD_DOWNLOAD_DAILY_PER_FILE download rewards in 24 hours', async () => {
    const { owner, fileId } = await linkedOwnerWithFile();
    const paid: number[] = [];
    for (let i = 1; i <= 5; i += 1) paid.push(await downloadAndReward(fileId, `198.51.100.${i}`));
    expect(paid).toEqual([1, 1, 1, 0, 0]);
    // A day after the first rewards, the file earns again; an address already paid still does not.
    server.clock.advance(DAY_MS + 1);
    expect(await downloadAndReward(fileId, '198.51.100.1')).toBe(0);
    expect(await downloadAndReward(fileId, '198.51.100.4')).toBe(1);
    expect(await balanceOf(owner)).toBe(4);
  });

  it('pays an uploader at most REWARD_DOWNLOAD_DAILY_PER_UPLOADER download rewards in 24 hours, over all files', async () => {
    const { owner, fileId: first } = await linkedOwnerWithFile();
    const second = await client.uploadOwnedFile(owner);
    const paid: number[] = [];
    for (let i = 1; i <= 3; i += 1) paid.push(await downloadAndReward(first, `198.51.100.${i}`));
    for (let i = 1; i <= 3; i += 1) paid.push(await downloadAndReward(second, `192.0.2.${i}`));
    expect(paid).toEqual([1, 1, 1, 1, 1, 0]);
    // Another uploader's file is paid as usual.
    const other = await client.signUp('other@example.com');
    await client.link(other);
    const theirs = await client.uploadOwnedFile(other);
    expect(await downloadAndReward(theirs, '192.0.2.3')).toBe(1);
    expect(await balanceOf(owner)).toBe(5);
  });

  it('keeps to the caps when many different visitors claim at once', async () => {
    const { owner, fileId } = await linkedOwnerWithFile();
    const visitors = Array.from({ length: 12 }, (_, i) => `198.51.100.${i + 1}`);
    for (const ip of visitors) await client.download(fileId, { ip });
    const rewards = await Promise.all(
      visitors.map((ip) =>
        client.call('POST', '/api/solana/reward-file-download', { ip, body: { fileId } }),
      ),
    );
    expect(rewards.reduce((sum, response) => sum + response.body.data.reward, 0)).toBe(3);
    expect(await balanceOf(owner)).toBe(3);
  });
});
