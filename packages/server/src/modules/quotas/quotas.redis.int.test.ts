/**
 * Quotas in Redis (REDIS_URL) on a redis-server of the test's own: two servers that share nothing
 * but Redis (each has its own database) count one quota; keys hold hashes, never an address; with
 * Redis down, presigns are admitted (fail open), one warning is logged and each skipped check is
 * counted; the quota is enforced again once Redis is back.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteTestDatabase } from '../../testing/databases';
import { skipRedisSuites, startTestRedis, type TestRedis } from '../../testing/redis-server';
import { createTestServer, logCapture, type TestServer } from '../../testing/test-server';
import { type ModerationClient, moderationClient } from '../moderation/moderation.test-client';
import { QUOTA_REDIS_MESSAGES } from './quotas.open';

const METRICS_TOKEN = 'metrics-token-for-quota-tests';

describe.skipIf(skipRedisSuites)('daily quotas in Redis', () => {
  let redis: TestRedis;
  let a: TestServer;
  let b: TestServer;
  let clientA: ModerationClient;
  let clientB: ModerationClient;
  const { lines: logs, logger } = logCapture();

  beforeAll(async () => {
    redis = await startTestRedis();
    const env = {
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: 'quota-test:',
      RATE_LIMIT_ENABLED: 'false',
      ANON_DAILY_UPLOADS: '3',
      METRICS_TOKEN,
    };
    [a, b] = await Promise.all([
      createTestServer({ database: await createSqliteTestDatabase(), env, logger }),
      createTestServer({ database: await createSqliteTestDatabase(), env }),
    ]);
    clientA = moderationClient(a);
    clientB = moderationClient(b);
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await redis?.destroy();
  });

  it('counts one quota for an address across both servers, keeping no address in Redis', async () => {
    const ip = '198.51.100.77';
    const statuses = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await (i % 2 ? clientB : clientA).presign({}, { ip })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await clientB.presign({}, { ip: '198.51.100.78' })).statusCode).toBe(200);

    const reader = new Redis(redis.url);
    try {
      const keys = await reader.keys('quota-test:quota:*');
      expect(keys).toHaveLength(2);
      for (const key of keys) {
        expect(key).toMatch(/^quota-test:quota:address:[A-Za-z0-9_-]{32}$/);
        expect(key).not.toContain('198.51.100');
        // Each entry expires with the window.
        expect(await reader.pttl(key)).toBeGreaterThan(23 * 60 * 60 * 1000);
      }
    } finally {
      reader.disconnect();
    }
  });

  it('gives an aborted upload back in Redis too', async () => {
    const ip = '198.51.100.90';
    const plans = [];
    for (let i = 0; i < 3; i += 1)
      plans.push((await clientA.presign({}, { ip })).body.data as { objectKey: string });
    expect((await clientB.presign({}, { ip })).statusCode).toBe(429);
    await clientB.call('POST', '/api/upload/abort', { body: { objectKey: plans[0]?.objectKey } });
    // b aborted an upload a presigned: b has no row of it, so nothing was given back there...
    expect((await clientB.presign({}, { ip })).statusCode).toBe(429);
    await clientA.call('POST', '/api/upload/abort', { body: { objectKey: plans[1]?.objectKey } });
    // ...but a's abort is seen by both.
    expect((await clientB.presign({}, { ip })).statusCode).toBe(200);
  });

  it('admits presigns while Redis is down, warns once, counts them, and enforces again after', async () => {
    await redis.kill();
    const ip = '203.0.113.60';
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await clientA.presign({}, { ip })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const warnings = logs.join('').split(QUOTA_REDIS_MESSAGES.unavailable).length - 1;
    expect(warnings).toBe(1);
    const metrics = await a.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toMatch(/sealdrop_quota_checks_skipped_total 5/);

    await redis.start();
    const deadline = Date.now() + 15_000;
    let answered = false;
    for (let probe = 1; !answered && Date.now() < deadline; probe += 1) {
      await clientA.presign({}, { ip: `192.0.2.${probe}` });
      answered = logs.join('').includes(QUOTA_REDIS_MESSAGES.back);
      if (!answered) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answered).toBe(true);
    const after = [];
    for (let i = 0; i < 4; i += 1)
      after.push((await clientA.presign({}, { ip: '203.0.113.61' })).statusCode);
    expect(after).toEqual([200, 200, 200, 429]);
  });
});
