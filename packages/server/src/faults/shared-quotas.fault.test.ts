/**
 * Daily upload quotas shared by every process: two real server processes behind one proxy hop,
 * each on a database of its own, so that Redis is the only thing they share. An address's quota
 * holds once across both, for an IPv6 /64 as for an IPv4 address; killing Redis lets uploads
 * through (fail open) and each process warns once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTA_REDIS_MESSAGES } from '../modules/quotas/quotas.open';
import { skipRedisSuites, startTestRedis, type TestRedis } from '../testing/redis-server';
import type { ServerProcess } from '../testing/server-process';
import { type ProcessPair, startProcessPair } from './support/process-pair';

const LIMIT = 3;

async function presign(server: ServerProcess, clientIp: string) {
  const response = await fetch(`${server.origin}/api/upload/presign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp },
    body: JSON.stringify({ filename: 'a.txt', size: 10 }),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

describe.skipIf(skipRedisSuites)('daily quotas shared by two processes through Redis', () => {
  let redis: TestRedis;
  let pair: ProcessPair | undefined;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    redis = await startTestRedis();
    // The pair's one secret: both processes hash an address to the same key.
    pair = await startProcessPair('quotas', {
      REDIS_URL: redis.url,
      TRUST_PROXY: '1',
      ANON_DAILY_UPLOADS: String(LIMIT),
      LOG_LEVEL: 'info',
    });
    ({ a, b } = pair);
  });

  afterAll(async () => {
    await pair?.stop();
    await redis?.destroy();
  });

  const alternately = async (clientIps: string[]) => {
    const statuses: number[] = [];
    for (const [i, ip] of clientIps.entries())
      statuses.push((await presign(i % 2 === 0 ? a : b, ip)).status);
    return statuses;
  };

  it('holds an address to its quota once across both processes', async () => {
    const statuses = await alternately(Array(LIMIT + 2).fill('198.51.100.10'));
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429, 429]);
    const refused = await presign(b, '198.51.100.10');
    expect(refused.body.message).toMatch(
      /^You have reached today's upload limit of 3 uploads\. It resets at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/,
    );
    expect(await alternately(['198.51.100.11'])).toEqual([200]);
  });

  it('counts a whole IPv6 /64 as one address on both processes', async () => {
    const sameNetwork = ['2001:db8:7::1', '2001:db8:7::2', '2001:db8:7:0:1::3', '2001:db8:7::4'];
    expect(await alternately(sameNetwork)).toEqual([200, 200, 200, 429]);
  });

  it('with Redis down admits every presign and each process warns once', async () => {
    await redis.kill();
    const statuses = await alternately(Array(LIMIT * 2).fill('203.0.113.40'));
    expect(statuses).toEqual(Array(LIMIT * 2).fill(200));
    for (const server of [a, b]) {
      const warnings = server.logs.join('').split(QUOTA_REDIS_MESSAGES.unavailable).length - 1;
      expect(warnings).toBe(1);
    }
  });
});
