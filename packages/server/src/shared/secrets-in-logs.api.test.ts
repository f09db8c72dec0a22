/**
 * A full session against a server whose log is captured: every token and
 * signature the session saw is searched for in the log, and none is there. The OpenID Connect
 * sign-in is covered the same way in oidc.api.int.test.ts.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases';
import { serverPerTest } from '../testing/server-per-test';
import { logCapture, type TestServer } from '../testing/test-server';
import { pathOf, putBytes } from '../testing/upload-helpers';

describeEachDatabase('secrets in the request log', (createDatabase) => {
  let server: TestServer;
  const { lines, logger } = logCapture();
  serverPerTest(
    createDatabase,
    () => {
      lines.length = 0;
      return { env: { RATE_LIMIT_ENABLED: 'false' }, logger };
    },
    (started) => {
      server = started;
    },
  );

  const call = async (method: 'GET' | 'POST', url: string, token?: string, body?: object) => {
    const response = await server.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body ? { payload: body } : {}),
    });
    return response;
  };

  it('logs no token, signature or password of a whole session', async () => {
    const password = 'Correct-Horse-9';
    const secrets: string[] = [password];
    const registered = (
      await call('POST', '/api/auth/register', undefined, { email: 'ada@example.com', password })
    ).json().data;
    const login = (
      await call('POST', '/api/auth/login', undefined, { email: 'ada@example.com', password })
    ).json().data;
    secrets.push(registered.token, login.token);
    await call('GET', '/api/auth/me', login.token);

    const presign = (
      await call('POST', '/api/upload/presign', login.token, {
        filename: 'a.txt',
        contentType: 'text/plain',
        size: 5,
      })
    ).json().data;
    const uploadSig = new URL(presign.uploadUrl).searchParams.get('sig') ?? '';
    secrets.push(uploadSig);
    expect((await putBytes(server, presign.uploadUrl, Buffer.from('hello'))).statusCode).toBe(200);
    await call('POST', '/api/upload/finalize', login.token, {
      objectKey: presign.objectKey,
      slug: presign.slug,
    });
    const redirect = await call('GET', `/api/files/${presign.slug}/download`);
    const location = String(redirect.headers.location);
    secrets.push(new URL(location).searchParams.get('sig') ?? '');
    expect((await call('GET', pathOf(location))).body).toBe('hello');

    const refreshed = (await call('POST', '/api/auth/refresh-token', login.token)).json().data;
    secrets.push(refreshed.token);
    await call('POST', '/api/auth/logout', refreshed.token);
    // A token sent where it does not belong, in a query string, is not logged either.
    await call('GET', `/auth/callback?token=${refreshed.token}&success=true`);

    const log = lines.join('\n');
    expect(log).toContain('/api/storage/object?');
    expect(log).toContain('sig=%5Bredacted%5D');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(log).not.toContain(secret);
    }
  });
});
