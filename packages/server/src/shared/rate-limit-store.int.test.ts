/**
 * The Redis rate-limit store on a real redis-server of the test's own: counted under the key
 * prefix with a keyed hash of the client address (an IPv6 /64 counting as one), and fail open when Redis dies (requests served, one
 * warning, every skipped check counted), with limits back once Redis is.
 */
import { createHash } from 'node:crypto';
import rateLimitPlugin from '@fastify/rate-limit';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { skipRedisSuites, startTestRedis, type TestRedis } from '../testing/redis-server';
import { createAddressHasher } from './client-address';
import { openRateLimitStore, type RateLimitStore } from './rate-limit-store';

const LIMIT = 2;
const PREFIX = 'store-test:';
const addressHash = createAddressHasher('k'.repeat(32));

describe.skipIf(skipRedisSuites)('rate limits in Redis', () => {
  let redis: TestRedis;
  let store: RateLimitStore;
  let app: ReturnType<typeof Fastify>;
  const logs: { level: string; message: string }[] = [];
  const log = {
    warn: (_details: object, message: string) => logs.push({ level: 'warn', message }),
    info: (_details: object, message: string) => logs.push({ level: 'info', message }),
  };

  beforeAll(async () => {
    redis = await startTestRedis();
    const config = loadConfig({ REDIS_URL: redis.url, REDIS_KEY_PREFIX: PREFIX });
    store = await openRateLimitStore({ config, log, addressHash });
    app = Fastify();
    app.addHook('onClose', store.close);
    await app.register(rateLimitPlugin, { global: false, ...store.pluginOptions });
    app.get('/limited', { config: { rateLimit: { max: LIMIT, timeWindow: 60_000 } } }, () => 'ok');
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await redis?.destroy();
  });

  const hit = (ip: string) => app.inject({ method: 'GET', url: '/limited', remoteAddress: ip });

  it('counts under the key prefix, keeping a keyed hash of the client address and never the address', async () => {
    for (let i = 0; i < LIMIT; i += 1) expect((await hit('198.51.100.7')).statusCode).toBe(200);
    expect((await hit('198.51.100.7')).statusCode).toBe(429);

    const reader = new Redis(redis.url);
    try {
      const keys = await reader.keys('*');
      expect(keys).toEqual([`${PREFIX}rate-limit:GET/limited-${addressHash('198.51.100.7')}`]);
      const unkeyed = createHash('sha256').update('198.51.100.7').digest('base64url').slice(0, 32);
      expect(keys[0]).not.toContain(unkeyed);
    } finally {
      reader.disconnect();
    }
  });

  it('counts every address of one IPv6 /64 as one client', async () => {
    for (let i = 0; i < LIMIT; i += 1)
      expect((await hit(`2001:db8:5:6::${i + 1}`)).statusCode).toBe(200);
    expect((await hit('2001:db8:5:6:ffff:1:2:3')).statusCode).toBe(429);
    expect((await hit('2001:db8:5:7::1')).statusCode).toBe(200);
  });

  it('serves every request while Redis is down, warns once, counts each skipped check, and limits again when it is back', async () => {
    let told = 0;
    store.health.onSkippedCheck(() => (told += 1));
    const skippedBefore = store.health.skippedChecks;
    await redis.kill();

    const ip = '198.51.100.8';
    for (let i = 0; i < LIMIT * 3; i += 1) expect((await hit(ip)).statusCode).toBe(200);
    const warnings = logs.filter((line) => line.level === 'warn');
    expect(warnings.map((line) => line.message)).toEqual([
      'Redis is unavailable: rate limits are not enforced until it answers again',
    ]);
    expect(store.health.skippedChecks - skippedBefore).toBe(LIMIT * 3);
    expect(told).toBe(LIMIT * 3);

    await redis.start();
    // The client reconnects by itself within its retry delay (at most 2 s).
    const deadline = Date.now() + 15_000;
    let counted = false;
    for (let attempt = 0; !counted && Date.now() < deadline; attempt += 1) {
      const probe = await hit(`203.0.113.${attempt + 1}`);
      counted = probe.headers['x-ratelimit-remaining'] === String(LIMIT - 1);
      if (!counted) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(counted).toBe(true);
    for (let i = 0; i < LIMIT; i += 1) expect((await hit(ip)).statusCode).toBe(200);
    expect((await hit(ip)).statusCode).toBe(429);
    expect(logs.at(-1)).toEqual({
      level: 'info',
      message: 'Redis answers again: rate limits are enforced again',
    });
  });
});
