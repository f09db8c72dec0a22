/**
 * The admin API is invisible to everyone but admins: every route under /api/admin answers exactly
 * what a route that does not exist answers, whoever asks (no token, a bad token, another account,
 * an admin address not yet verified) and whatever they send. The routes come from the server
 * itself (route-catalog.ts), so a new admin route is covered without edits.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { type RouteEntry, recordRoutes } from '../../testing/route-catalog';
import { createTestServer, type TestServer } from '../../testing/test-server';
import { ADMIN_EMAIL, type ModerationClient, moderationClient } from './moderation.test-client';

const SQUATTER = 'second-admin@example.com';

describeEachDatabase('who may use /api/admin', (createDatabase) => {
  let server: TestServer;
  let client: ModerationClient;
  let routes: RouteEntry[] = [];
  let fileId = '';
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    const recorder = recordRoutes();
    try {
      server = await createTestServer({
        database: await createDatabase(),
        env: { ADMIN_EMAILS: `${ADMIN_EMAIL},${SQUATTER}`, RATE_LIMIT_ENABLED: 'false' },
      });
    } finally {
      recorder.stop();
    }
    routes = recorder.routes.filter((route) => route.url.startsWith('/api/admin'));
    client = moderationClient(server);
    tokens.admin = (await client.admin()).token;
    tokens.member = (await client.signUp('member@example.com')).token;
    // In ADMIN_EMAILS, but nobody proved the address is theirs.
    tokens.unverified = (await client.signUp(SQUATTER)).token;
    fileId = (await client.upload()).fileId;
  });
  afterAll(() => server?.close());

  const concrete = (url: string) =>
    url
      .replace(':fileId', fileId)
      .replace(':accountId', '00000000-0000-4000-8000-000000000000')
      .replace(':addressHash', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');

  it('has the console routes: reports, files, overview, blocks and the audit log', () => {
    const listed = routes.map((route) => `${route.method} ${route.url}`);
    for (const route of [
      'GET /api/admin/overview',
      'GET /api/admin/reports',
      'GET /api/admin/reports/:fileId',
      'POST /api/admin/reports/:fileId/dismissal',
      'GET /api/admin/files',
      'GET /api/admin/files/:fileId',
      'POST /api/admin/files/:fileId/removal',
      'POST /api/admin/files/:fileId/uploader-block',
      'GET /api/admin/blocks',
      'PUT /api/admin/accounts/:accountId/suspension',
      'DELETE /api/admin/accounts/:accountId/suspension',
      'PUT /api/admin/address-blocks/:addressHash',
      'DELETE /api/admin/address-blocks/:addressHash',
      'GET /api/admin/audit',
    ])
      expect(listed).toContain(route);
  });

  describe.each([
    ['nobody signed in', undefined],
    ['a forged token', 'Bearer not-a-token'],
    ['another account', 'member'],
    ['an admin address not yet verified', 'unverified'],
  ])('as %s', (_who, credential) => {
    const authorization = () =>
      credential === undefined
        ? {}
        : {
            authorization: credential.startsWith('Bearer')
              ? credential
              : `Bearer ${tokens[credential]}`,
          };

    it('every admin route answers the 404 of a route that does not exist, whatever the body', async () => {
      expect(routes.length).toBeGreaterThanOrEqual(14);
      for (const route of routes) {
        const url = `${concrete(route.url)}?status=open&q=x`;
        const bodies = ['GET', 'HEAD'].includes(route.method)
          ? [undefined]
          : [
              { reason: 'spam', days: 1, suspendAccount: true },
              { junk: true },
              'x'.repeat(2 * 1024 * 1024),
            ];
        for (const payload of bodies) {
          const response = await server.app.inject({
            method: route.method as InjectOptions['method'],
            url,
            headers: { ...authorization(), 'content-type': 'application/json' },
            ...(payload === undefined ? {} : { payload }),
          });
          const label = `${route.method} ${route.url}`;
          expect(response.statusCode, label).toBe(404);
          if (route.method === 'HEAD') continue;
          expect(response.json(), label).toEqual({
            status: 'error',
            message: `Not found: ${route.method} ${concrete(route.url)}`,
          });
        }
      }
      // Nothing happened: the file is still there, nobody is blocked, the audit log is empty.
      const info = await client.call('GET', `/api/files/${fileId}/info`);
      expect(info.statusCode).toBe(200);
      const audit = await client.call('GET', '/api/admin/audit', { token: tokens.admin });
      expect(audit.body.data).toEqual({ entries: [], next: null });
    });
  });

  it('answers a body no route could parse as a missing route does: neither reads it', async () => {
    // A missing route that parsed bodies would answer 400/413/415 where an admin route answers
    // 404, and so tell which admin routes exist.
    const bodies: [string, string][] = [
      ['application/json', '{not json'],
      ['application/json', 'x'.repeat(2 * 1024 * 1024)],
      ['application/x-unheard-of', 'x'],
    ];
    const twins = ['/api/admin/files/abc/removal', '/api/admin/files/abc/removal-missing'];
    for (const [contentType, payload] of bodies) {
      for (const url of twins) {
        const response = await server.app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${tokens.member}`, 'content-type': contentType },
          payload,
        });
        expect(
          { status: response.statusCode, body: response.json() },
          `${contentType} ${url}`,
        ).toEqual({
          status: 404,
          body: { status: 'error', message: `Not found: POST ${url}` },
        });
      }
    }
  });

  it('lets a verified admin in', async () => {
    for (const route of routes.filter((entry) => entry.method === 'GET')) {
      const url = route.url.includes(':') ? concrete(route.url) : `${route.url}?q=${fileId}`;
      const response = await client.call('GET', url, { token: tokens.admin });
      // 404 "No reports name this file" is the answer of an admin route, not of a missing one.
      if (response.statusCode === 404)
        expect(response.body.message, route.url).toBe('No reports name this file');
      else expect(response.statusCode, route.url).toBe(200);
    }
  });

  it('offers no route that edits or deletes the audit log', async () => {
    const audit = routes.filter((route) => route.url.startsWith('/api/admin/audit'));
    expect(audit.map((route) => route.method).sort()).toEqual(['GET', 'HEAD']);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      for (const url of [
        '/api/admin/audit',
        '/api/admin/audit/00000000-0000-4000-8000-000000000000',
      ]) {
        const response = await client.call(method, url, { token: tokens.admin, body: {} });
        expect(response).toMatchObject({
          statusCode: 404,
          body: { status: 'error', message: `Not found: ${method} ${url}` },
        });
      }
    }
  });
});
