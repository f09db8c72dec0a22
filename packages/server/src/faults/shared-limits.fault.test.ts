/**
 * Limits shared by every process: two real server processes behind one proxy
 * hop, on one PostgreSQL database and one redis-server (with a password, as production's may have).
 * A rate limit allows its count once across both, not once per process; the login lockout, kept in
 * the database, holds across both too. Redis killed mid-run: every request is still served, each
 * process warns once, and the limits come back when redis-server is started again on its port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../../../scripts/scratch-postgres.mjs';
import { DATABASES } from '../testing/databases';
import { skipRedisSuites, startTestRedis, type TestRedis } from '../testing/redis-server';
import type { ServerProcess } from '../testing/server-process';
import { type ProcessPair, startProcessPair } from './support/process-pair';

const postgresAvailable = DATABASES.find((entry) => entry.name === 'postgres')?.available;
const LIMIT = 4;
const REDIS_PASSWORD = 'redis-password-never-logged-0123';
const UNAVAILABLE = 'Redis is unavailable: rate limits are not enforced until it answers again';
const BACK = 'Redis answers again: rate limits are enforced again';

/** A request as the proxy in front forwards it for `clientIp`. */
async function send(
  server: ServerProcess,
  clientIp: string,
  method: 'POST',
  path: string,
  body: unknown,
) {
  const response = await fetch(`${server.origin}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return {
    status: response.status,
    remaining: response.headers.get('x-ratelimit-remaining'),
    body: (await response.json()) as { status: string; message?: string },
  };
}

const occurrences = (logs: string[], text: string) => logs.join('').split(text).length - 1;

describe.skipIf(!postgresAvailable || skipRedisSuites)(
  'limits shared by two processes through Redis',
  () => {
    let database: Awaited<ReturnType<typeof createScratchDatabase>>;
    let redis: TestRedis;
    let pair: ProcessPair | undefined;
    let a: ServerProcess;
    let b: ServerProcess;

    beforeAll(async () => {
      [database, redis] = await Promise.all([
        createScratchDatabase('sealdrop_limits'),
        startTestRedis({ password: REDIS_PASSWORD }),
      ]);
      pair = await startProcessPair('limits', {
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        TRUST_PROXY: '1',
        RATE_LIMIT_ENABLED: 'true',
        RATE_LIMIT_PRESIGN_PER_MINUTE: String(LIMIT),
        LOG_LEVEL: 'info',
      });
      ({ a, b } = pair);
    });

    afterAll(async () => {
      await pair?.stop();
      await redis?.destroy();
      await database?.drop();
    });

    /** Presigns (a junk body: the limit counts every call) alternately on a and b. */
    const presignAlternately = async (clientIp: string, times: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < times; i += 1) {
        const server = i % 2 === 0 ? a : b;
        statuses.push((await send(server, clientIp, 'POST', '/api/upload/presign', {})).status);
      }
      return statuses;
    };

    it('a rate limit allows its count once across both processes, not once each', async () => {
      const statuses = await presignAlternately('198.51.100.1', LIMIT * 2 + 2);
      // 400: the junk body got past the limit to validation.
      expect(statuses).toEqual([...Array(LIMIT).fill(400), ...Array(LIMIT + 2).fill(429)]);
      // Another client is not affected.
      expect(await presignAlternately('198.51.100.2', 2)).toEqual([400, 400]);
    });

    it('the login lockout, kept in the database, holds across both processes', async () => {
      const email = 'lockout@example.com';
      const registered = await send(a, '198.51.100.3', 'POST', '/api/auth/register', {
        email,
        password: 'correct horse battery staple',
      });
      expect(registered.status).toBe(200);
      const guess = (server: ServerProcess) =>
        send(server, '198.51.100.4', 'POST', '/api/auth/login', { email, password: 'wrong guess' });
      // Ten wrong guesses per client (LOGIN_LIMITS.perAddress), spread over both processes.
      for (let i = 0; i < 10; i += 1) expect((await guess(i % 2 === 0 ? a : b)).status).toBe(401);
      const refused = await guess(a);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('Too many login attempts. Please try again in 15 minutes.');
    });

    it('with Redis down every request is served and each process warns once; limits return with Redis', async () => {
      await redis.kill();
      const statuses = await presignAlternately('198.51.100.5', LIMIT * 3);
      expect(statuses).toEqual(Array(LIMIT * 3).fill(400));
      for (const server of [a, b]) expect(occurrences(server.logs, UNAVAILABLE)).toBe(1);

      await redis.start();
      // Each process reconnects by itself within its retry delay (at most 2 s).
      for (const [server, network] of [
        [a, '203.0.113'],
        [b, '192.0.2'],
      ] as const) {
        const deadline = Date.now() + 15_000;
        let counted = false;
        for (let probe = 1; !counted && Date.now() < deadline; probe += 1) {
          const answer = await send(
            server,
            `${network}.${probe}`,
            'POST',
            '/api/upload/presign',
            {},
          );
          counted = answer.remaining === String(LIMIT - 1);
          if (!counted) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(counted).toBe(true);
        expect(server.logs.join('')).toContain(BACK);
      }
      const after = await presignAlternately('198.51.100.6', LIMIT + 2);
      expect(after).toEqual([...Array(LIMIT).fill(400), 429, 429]);
    });

    it('never logs the Redis password', () => {
      for (const server of [a, b]) expect(server.logs.join('')).not.toContain(REDIS_PASSWORD);
    });
  },
);
