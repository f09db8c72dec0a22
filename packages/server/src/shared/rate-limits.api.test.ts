/**
 * Every documented per-IP limit (README "Configuration"): with a limit of N per
 * minute, request N+1 from one address within the window is a 429 in the error envelope with a
 * `retry-after` header, while another address still gets through. The counters live in memory and
 * do not touch the database, so one database is enough.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteTestDatabase } from '../testing/databases';
import { createTestServer, type TestServer } from '../testing/test-server';

const LIMIT = 2;
const CODE = 'abcdefghij12';

/** Route, request and the variable that limits it; bodies are junk, the limit counts every call. */
const LIMITED: { name: string; variable: string; method: 'GET' | 'POST' | 'PUT'; url: string }[] = [
  { name: 'presign', variable: 'PRESIGN', method: 'POST', url: '/api/upload/presign' },
  { name: 'part URLs', variable: 'PRESIGN', method: 'POST', url: '/api/upload/parts' },
  { name: 'instant short link', variable: 'PRESIGN', method: 'POST', url: '/api/tiny/instant' },
  { name: 'resolve a short code', variable: 'RESOLVE', method: 'GET', url: `/api/s/${CODE}` },
  { name: 'resolve a slug', variable: 'RESOLVE', method: 'GET', url: `/api/files/resolve` },
  { name: 'file info', variable: 'RESOLVE', method: 'GET', url: `/api/files/${CODE}/info` },
  { name: 'download', variable: 'RESOLVE', method: 'GET', url: `/api/files/${CODE}/download` },
  { name: 'register', variable: 'AUTH', method: 'POST', url: '/api/auth/register' },
  { name: 'login', variable: 'AUTH', method: 'POST', url: '/api/auth/login' },
  { name: 'token refresh', variable: 'AUTH', method: 'POST', url: '/api/auth/refresh-token' },
  { name: 'password change', variable: 'AUTH', method: 'POST', url: '/api/auth/change-password' },
  { name: 'profile change', variable: 'AUTH', method: 'PUT', url: '/api/auth/profile' },
  { name: 'email verification', variable: 'AUTH', method: 'POST', url: '/api/auth/verify-email' },
  {
    name: 'verification resend',
    variable: 'AUTH',
    method: 'POST',
    url: '/api/auth/resend-verification',
  },
  { name: 'forgot password', variable: 'AUTH', method: 'POST', url: '/api/auth/forgot-password' },
  { name: 'password reset', variable: 'AUTH', method: 'POST', url: '/api/auth/reset-password' },
  { name: 'OIDC sign-in start', variable: 'AUTH', method: 'GET', url: '/api/auth/oidc/start' },
  { name: 'feedback', variable: 'FEEDBACK', method: 'POST', url: '/api/feedback' },
  { name: 'wallet nonce', variable: 'WALLET', method: 'GET', url: '/api/solana/nonce' },
  { name: 'wallet connect', variable: 'WALLET', method: 'POST', url: '/api/solana/connect' },
  {
    name: 'upload reward',
    variable: 'WALLET',
    method: 'POST',
    url: '/api/solana/reward-file-upload',
  },
  {
    name: 'download reward',
    variable: 'WALLET',
    method: 'POST',
    url: '/api/solana/reward-file-download',
  },
];

describe('rate limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    const env: Record<string, string> = { RATE_LIMIT_ENABLED: 'true' };
    for (const name of ['PRESIGN', 'RESOLVE', 'AUTH', 'FEEDBACK', 'WALLET'])
      env[`RATE_LIMIT_${name}_PER_MINUTE`] = String(LIMIT);
    server = await createTestServer({ database: await createSqliteTestDatabase(), env });
  });
  afterAll(() => server.close());

  const send = (route: (typeof LIMITED)[number], ip: string) =>
    server.app.inject({
      method: route.method,
      url: route.url,
      remoteAddress: ip,
      ...(route.method === 'GET' ? {} : { payload: { junk: true } }),
    });

  LIMITED.forEach((route, index) => {
    it(`limits ${route.name} (${route.method} ${route.url}) by RATE_LIMIT_${route.variable}_PER_MINUTE`, async () => {
      const ip = `198.51.100.${index + 1}`;
      for (let i = 0; i < LIMIT; i += 1) {
        const allowed = await send(route, ip);
        expect(allowed.statusCode).not.toBe(429);
        expect(allowed.headers['x-ratelimit-limit']).toBe(String(LIMIT));
      }
      const refused = await send(route, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        status: 'error',
        message: 'Too many requests, please slow down',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      // The limit is per address: someone else is not locked out.
      expect((await send(route, `203.0.113.${index + 1}`)).statusCode).not.toBe(429);
    });
  });

  it('leaves every limited route open when RATE_LIMIT_ENABLED=false', async () => {
    const open = await createTestServer({
      database: await createSqliteTestDatabase(),
      env: { RATE_LIMIT_ENABLED: 'false', RATE_LIMIT_PRESIGN_PER_MINUTE: '1' },
    });
    try {
      for (let i = 0; i < 3; i += 1) {
        const response = await open.app.inject({ method: 'POST', url: '/api/upload/presign' });
        expect(response.statusCode).toBe(400);
      }
    } finally {
      await open.close();
    }
  });
});
