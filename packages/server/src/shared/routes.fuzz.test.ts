/**
 * Property-based bad input over every registered route: whatever the body, query,
 * path parameters and token, the answer is never a 5xx, and every 4xx is the error envelope.
 * Routes come from the server itself (route-catalog.ts), so a new route is fuzzed without edits.
 * SQLite only: the property is about input handling, and the database suites cover PostgreSQL.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletClient, walletEnv } from '../modules/wallet/wallet.test-client';
import { createSqliteTestDatabase } from '../testing/databases';
import {
  authorization,
  contentType,
  jsonBody,
  mutatedBody,
  queryString,
  urlPiece,
  VALID_TOKEN,
} from '../testing/fuzz-arbitraries';
import { type MarketDataStandin, startMarketDataStandin } from '../testing/market-data-standin';
import { type RouteEntry, recordRoutes } from '../testing/route-catalog';
import { type SolanaRpcStandin, startSolanaRpcStandin } from '../testing/solana-rpc-standin';
import { createTestServer, type TestServer } from '../testing/test-server';

/** Runs per route; about 40 routes × 40 runs stay well under 30 s on SQLite. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const ADMIN = 'fuzz-admin@example.com';
const PASSWORD = 'Correct-Horse-9';

/** Bodies that pass validation, mutated a field or two at a time. */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  '/api/upload/presign': { filename: 'a.txt', contentType: 'text/plain', size: 5 },
  '/api/upload/finalize': { objectKey: 'uploads/x', slug: 'abcdefghij12' },
  '/api/auth/register': { email: 'new@example.com', password: PASSWORD },
  '/api/auth/login': { email: ADMIN, password: PASSWORD },
  '/api/feedback': { type: 'bug', message: 'Something about the page is wrong.' },
  '/api/tiny/instant': { originalName: 'a.txt' },
  '/api/solana/reward-file-upload': { fileId: 'abcdefghij12' },
  '/api/solana/reward-file-download': { fileId: 'abcdefghij12' },
  '/api/reports': { code: 'abcdefghij12', reason: 'spam', details: 'Spam.' },
  '/api/admin/files/:fileId/removal': { reason: 'spam', note: 'Spam.' },
  '/api/admin/files/:fileId/uploader-block': { suspendAccount: false, blockAddressDays: 1 },
  '/api/admin/address-blocks/:addressHash': { days: 1 },
};

describe('every route under fuzzed input', () => {
  let rpc: SolanaRpcStandin;
  let market: MarketDataStandin;
  let server: TestServer;
  let client: ReturnType<typeof walletClient>;
  let routes: RouteEntry[] = [];
  let token = '';
  /** Real ids, so some generated requests reach past "not found". */
  const known: string[] = [];

  beforeAll(async () => {
    [rpc, market] = await Promise.all([startSolanaRpcStandin(), startMarketDataStandin()]);
    const recorder = recordRoutes();
    try {
      server = await createTestServer({
        database: await createSqliteTestDatabase(),
        env: { ...walletEnv(rpc, market), ADMIN_EMAILS: ADMIN, RATE_LIMIT_ENABLED: 'false' },
      });
    } finally {
      recorder.stop();
    }
    routes = recorder.routes;
    client = walletClient(server);
    token = await client.signUp(ADMIN);
    // A verified admin: the admin routes answer 404 to anyone else, before reading the body.
    await server.db
      .updateTable('users')
      .set({ email_verified: 1 })
      .where('email', '=', ADMIN)
      .execute();
    const { wallet } = await client.link(token);
    const fileId = await client.uploadOwnedFile(token);
    const link = await client.call('POST', '/api/tiny/instant', { body: {} });
    const feedback = await client.call('POST', '/api/feedback', {
      body: { type: 'bug', message: 'A real entry for the fuzzer to find.' },
    });
    known.push(fileId, link.body.data.shortCode, feedback.body.data.id, wallet.address, ADMIN);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await Promise.all([rpc?.close(), market?.close()]);
  });

  /** Logout, refresh and profile changes end the session; sign in again when they did. */
  async function validToken(): Promise<string> {
    const me = await client.call('GET', '/api/auth/me', { token });
    if (me.statusCode === 200 && me.body.data.user.email === ADMIN) return token;
    const login = await client.call('POST', '/api/auth/login', {
      body: { email: ADMIN, password: PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`cannot sign in again: ${login.body.message}`);
    token = login.body.data.token;
    return token;
  }

  it('finds the whole API: every module registered its routes', () => {
    const urls = new Set(routes.map((route) => route.url));
    for (const url of [
      '/api/health',
      '/api/upload/presign',
      '/api/files/:fileId/info',
      '/api/s/:shortCode',
      '/api/auth/login',
      '/api/auth/oidc/start',
      '/api/feedback/:id',
      '/api/solana/connect',
      '/api/storage/object',
      '/api/config',
      '/api/reports',
      '/api/admin/reports',
      '/api/admin/files/:fileId/removal',
      '/api/admin/audit',
    ]) {
      expect(urls).toContain(url);
    }
    expect(routes.length).toBeGreaterThanOrEqual(40);
  });

  it('refuses a JSON body over 1 MiB with a 413 envelope on every route that takes one', async () => {
    const oversized = JSON.stringify({ filename: 'x'.repeat(1024 * 1024) });
    const withBodies = routes.filter(
      (route) =>
        ['POST', 'PUT', 'DELETE'].includes(route.method) && !route.url.startsWith('/api/storage/'),
    );
    expect(withBodies.length).toBeGreaterThanOrEqual(20);
    for (const route of withBodies) {
      const url = route.url.replace(/:[A-Za-z]+/g, 'abcdefghij12');
      const response = await server.app.inject({
        method: route.method as InjectOptions['method'],
        url,
        payload: oversized,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      });
      expect(response.statusCode, `${route.method} ${url}`).toBe(413);
      expect(response.json()).toEqual({ status: 'error', message: 'Request body is too large' });
    }
  });

  it('fuzzes each route: never a 5xx, every 4xx in the envelope', async () => {
    const failures: string[] = [];
    const succeeded = new Set<string>();
    for (const route of routes) {
      const params = (route.url.match(/:[A-Za-z]+/g) ?? []).map(() => urlPiece(known));
      const request = fc.record({
        params: fc.tuple(...params),
        query: fc.option(queryString(known), { nil: undefined }),
        body: fc.option(
          VALID_BODIES[route.url]
            ? fc.oneof(jsonBody(known), mutatedBody(VALID_BODIES[route.url] ?? {}, known))
            : jsonBody(known),
          { freq: 5, nil: undefined },
        ),
        contentType,
        authorization: authorization(),
      });
      const result = await fc.check(
        fc.asyncProperty(request, async (input) => {
          let url = route.url;
          for (const value of input.params) url = url.replace(/:[A-Za-z]+/, value || '%20');
          if (input.query) url += `?${input.query}`;
          const auth =
            input.authorization === VALID_TOKEN
              ? `Bearer ${await validToken()}`
              : input.authorization;
          const withBody = !['GET', 'HEAD'].includes(route.method);
          const response = await server.app.inject({
            method: route.method as InjectOptions['method'],
            url,
            headers: {
              ...(auth ? { authorization: auth } : {}),
              ...(withBody && input.body !== undefined
                ? { 'content-type': input.contentType }
                : {}),
            },
            ...(withBody && input.body !== undefined ? { payload: input.body } : {}),
          });
          const status = response.statusCode;
          if (status < 400) succeeded.add(`${route.method} ${route.url}`);
          const answer = `${status} ${response.body.slice(0, 200)}`;
          if (status >= 500) throw new Error(`server error: ${answer}`);
          if (status < 400 || route.method === 'HEAD') return;
          const json = safeJson(response.body);
          if (json?.status !== 'error' || typeof json.message !== 'string' || !json.message)
            throw new Error(`not the error envelope: ${answer}`);
        }),
        { numRuns: RUNS },
      );
      if (result.failed) {
        failures.push(
          `${route.method} ${route.url}: ${String(result.errorInstance)} for ${fc.stringify(result.counterexample).slice(0, 400)} (seed ${result.seed})`,
        );
      }
    }
    expect(failures).toEqual([]);
    // The generator gets past validation too: valid-enough requests reach the handlers.
    if (process.env.FUZZ_DEBUG) console.log(routes.length, [...succeeded].sort().join('\n'));
    expect(succeeded.size).toBeGreaterThanOrEqual(routes.length / 3);
  }, 120_000);
});

function safeJson(text: string): { status?: unknown; message?: unknown } | undefined {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
