/**
 * Where the server counts its per-IP limits: without REDIS_URL in each process's
 * memory, as before, so N processes allow N times the limit; with it in Redis, so every process
 * sharing one Redis and key prefix allows the limit once in all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteTestDatabase } from '../testing/databases';
import { skipRedisSuites, startTestRedis, type TestRedis } from '../testing/redis-server';
import { createTestServer, type TestServer } from '../testing/test-server';

const LIMIT = 3;
const IP = '198.51.100.20';

async function twoServers(env: Record<string, string> = {}): Promise<TestServer[]> {
  const limits = { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_PRESIGN_PER_MINUTE: String(LIMIT) };
  return Promise.all(
    [0, 1].map(async () =>
      createTestServer({ database: await createSqliteTestDatabase(), env: { ...limits, ...env } }),
    ),
  );
}

/** Presigns (junk body: the limit counts every call) alternately on each server; the statuses. */
async function presignAlternately(servers: TestServer[], times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const server = servers[i % servers.length] as TestServer;
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/upload/presign',
      remoteAddress: IP,
      payload: { junk: true },
    });
    statuses.push(answer.statusCode);
  }
  return statuses;
}

const allowed = (statuses: number[]) => statuses.filter((status) => status !== 429).length;

describe('rate limits without REDIS_URL', () => {
  it('are counted in each process: two processes allow the limit each', async () => {
    const servers = await twoServers();
    try {
      const statuses = await presignAlternately(servers, LIMIT * 2 + 2);
      expect(allowed(statuses)).toBe(LIMIT * 2);
      expect(statuses.slice(-2)).toEqual([429, 429]);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  });
});

describe.skipIf(skipRedisSuites)('rate limits with REDIS_URL', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(() => redis?.destroy());

  it('are shared: two processes on one Redis allow the limit once in all', async () => {
    const servers = await twoServers({ REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'one:' });
    try {
      const statuses = await presignAlternately(servers, LIMIT * 2 + 2);
      expect(allowed(statuses)).toBe(LIMIT);
      expect(statuses.slice(LIMIT)).toEqual(Array(LIMIT + 2).fill(429));
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  });

  it('are counted apart for deployments with different key prefixes on one Redis', async () => {
    const [first, second] = await Promise.all([
      twoServers({ REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'blue:' }),
      twoServers({ REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'green:' }),
    ]);
    try {
      expect(allowed(await presignAlternately(first ?? [], LIMIT + 1))).toBe(LIMIT);
      expect(allowed(await presignAlternately(second ?? [], LIMIT + 1))).toBe(LIMIT);
    } finally {
      await Promise.all([...(first ?? []), ...(second ?? [])].map((server) => server.close()));
    }
  });
});
