import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../../testing/databases';
import { startTestProvider, type TestAccount } from '../../testing/oidc-test-provider';
import { serverPerTest } from '../../testing/server-per-test';
import { createTestBrowser } from '../../testing/test-browser';
import { createTestServer, logCapture, type TestServer } from '../../testing/test-server';

const CLIENT = { clientId: 'sealdrop', clientSecret: 'sealdrop-test-client-secret' };
const ACCOUNTS: Record<string, TestAccount> = {
  ada: { email: 'Ada@Example.com', emailVerified: true },
  eve: { email: 'eve@example.com', emailVerified: false },
};
const PASSWORD = 'Correct-Horse-9';
const CALLBACK = '/api/auth/oidc/callback';

/** A provider and a Sealdrop server, both really listening on loopback. */
async function startSignInStack(
  database: TestDatabase,
  options: { emailOnlyInUserinfo?: boolean; providerReady?: boolean } = {},
) {
  const provider = await startTestProvider();
  const { lines: logs, logger } = logCapture();
  const server = await createTestServer({
    database,
    logger,
    env: {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: CLIENT.clientId,
      OIDC_CLIENT_SECRET: CLIENT.clientSecret,
      OIDC_NAME: 'Test ID',
    },
  }).catch(async (error) => {
    await provider.close();
    throw error;
  });
  // Real HTTP: the provider's redirects reach Sealdrop through the test browser's fetch.
  const origin = new URL(await server.app.listen({ port: 0, host: '127.0.0.1' })).origin;
  const configureProvider = () =>
    provider.configure({
      client: { ...CLIENT, redirectUri: `${origin}${CALLBACK}` },
      accounts: ACCOUNTS,
      emailOnlyInUserinfo: options.emailOnlyInUserinfo,
    });
  if (options.providerReady !== false) await configureProvider();
  return {
    provider,
    server,
    origin,
    logs,
    configureProvider,
    startUrl: `${origin}/api/auth/oidc/start`,
    close: async () => {
      await server.close();
      await provider.close();
    },
  };
}

type Stack = Awaited<ReturnType<typeof startSignInStack>>;

async function me(server: TestServer, token: string) {
  const response = await server.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { authorization: `Bearer ${token}` },
  });
  return { statusCode: response.statusCode, body: response.json() };
}

function outcome(url: URL) {
  return {
    path: url.pathname,
    success: url.searchParams.get('success'),
    token: url.searchParams.get('token'),
    error: url.searchParams.get('error'),
    reason: url.searchParams.get('reason'),
  };
}

/**
 * Signs in as a browser does: follows the redirects to /auth/callback, whose URL never carries a
 * token, then exchanges the login cookie over POST as the page does.
 */
async function signIn(
  origin: string,
  startUrl: string,
  options: { login: string },
  browser = createTestBrowser(),
) {
  const end = await browser.follow(startUrl, options);
  const result = outcome(end);
  expect(result.token).toBeNull();
  const exchanged = await browser.post(`${origin}/api/auth/oidc/exchange`);
  return { ...result, token: exchanged.body.data?.token as string | undefined, exchanged, browser };
}

describeEachDatabase('external sign-in with OpenID Connect', (createDatabase) => {
  let stack: Stack | undefined;
  const start = async (options?: Parameters<typeof startSignInStack>[1]) => {
    stack = await startSignInStack(await createDatabase(), options);
    return stack;
  };
  afterEach(async () => {
    await stack?.close();
    stack = undefined;
  });

  it('signs a new person in and hands the web app a token that works on /auth/me', async () => {
    const { server, origin, provider, startUrl } = await start();
    const result = await signIn(origin, startUrl, { login: 'ada' });
    expect(result).toMatchObject({ path: '/auth/callback', success: 'true', error: null });
    const { statusCode, body } = await me(server, result.token ?? '');
    expect(statusCode).toBe(200);
    expect(body.data.user).toMatchObject({ email: 'ada@example.com', tier: { name: 'free' } });
    const row = await server.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ password_hash: null, oidc_subject: `${provider.issuer}|ada` });
    expect(await server.db.selectFrom('oidc_states').selectAll().execute()).toEqual([]);
  });

  it('finds the same account when the same person signs in again', async () => {
    const { server, origin, startUrl } = await start();
    const first = await signIn(origin, startUrl, { login: 'ada' });
    const second = await signIn(origin, startUrl, { login: 'ada' });
    expect(second.success).toBe('true');
    expect(second.token).not.toBe(first.token);
    const [a, b] = await Promise.all([
      me(server, first.token ?? ''),
      me(server, second.token ?? ''),
    ]);
    expect(b.body.data.user.id).toBe(a.body.data.user.id);
    const users = await server.db.selectFrom('users').select('id').execute();
    expect(users).toHaveLength(1);
  });

  it('links an existing password account only once its email is verified, and it keeps its password', async () => {
    const { server, origin, startUrl } = await start();
    const registered = await server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'ada@example.com', password: PASSWORD },
    });
    const userId = registered.json().data.user.id;
    await server.db
      .updateTable('users')
      .set({ email_verified: 1 })
      .where('id', '=', userId)
      .execute();
    const result = await signIn(origin, startUrl, { login: 'ada' });
    expect(result.success).toBe('true');
    expect((await me(server, result.token ?? '')).body.data.user.id).toBe(userId);
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ada@example.com', password: PASSWORD },
    });
    expect(login.json().data.user.id).toBe(userId);
  });

  it('does not hand a squatter the real owner: an unverified account with the same email is not linked', async () => {
    const { server, origin, startUrl } = await start();
    // Eve registers a password account with Ada's address, never verified.
    const squatter = await server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'ada@example.com', password: PASSWORD },
    });
    const squatterToken = squatter.json().data.token;
    const result = await signIn(origin, startUrl, { login: 'ada' });
    expect(result).toMatchObject({
      success: 'false',
      token: undefined,
      reason: 'oidc.link_from_settings',
      error:
        'An account with this email already exists. Sign in with your password, then link Test ID in Settings.',
    });
    const row = await server.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row.oidc_subject).toBeNull();
    // The squatter's session sees no account of Ada's provider.
    expect((await me(server, squatterToken)).body.data.user.emailVerified).toBe(false);
  });

  it('links the provider to the signed-in account from settings, and signs in with it afterwards', async () => {
    const { server, origin, provider, startUrl } = await start();
    const registered = await server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'someone@example.org', password: PASSWORD },
    });
    const { token, user } = registered.json().data;
    const browser = createTestBrowser();
    const link = await browser.post(`${origin}/api/auth/oidc/link`, {
      authorization: `Bearer ${token}`,
    });
    expect(link.status).toBe(200);
    const end = await browser.follow(link.body.data.url, {
      login: 'ada',
      stopAt: '/account/settings',
    });
    expect(end.pathname).toBe('/account/settings');
    expect(end.searchParams.get('linked')).toBe('success');
    const row = await server.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.oidc_subject).toBe(`${provider.issuer}|ada`);
    const again = await signIn(origin, startUrl, { login: 'ada' });
    expect((await me(server, again.token ?? '')).body.data.user.id).toBe(user.id);
    // Linking needs a signed-in account.
    expect((await createTestBrowser().post(`${origin}/api/auth/oidc/link`)).status).toBe(401);
  });

  it('exchanges a login code once, only with the cookie the callback set, and never puts a token in a URL', async () => {
    const { origin, startUrl } = await start();
    const first = await signIn(origin, startUrl, { login: 'ada' });
    expect(first.exchanged.status).toBe(200);
    // The cookie was cleared and the code used up: a second exchange fails.
    const replay = await first.browser.post(`${origin}/api/auth/oidc/exchange`);
    expect(replay.status).toBe(400);
    // A crafted callback link in another browser has nothing to exchange.
    const victim = createTestBrowser();
    const crafted = await victim.post(`${origin}/api/auth/oidc/exchange`);
    expect(crafted).toMatchObject({
      status: 400,
      body: {
        status: 'error',
        message: 'This sign-in has expired or was already used. Please try again.',
      },
    });
  });

  it('logs no authorization code, state, login code or token of a sign-in', async () => {
    const { origin, startUrl, logs } = await start();
    const browser = createTestBrowser();
    const callback = await browser.follow(startUrl, { login: 'ada', stopAt: CALLBACK });
    const secrets = [callback.searchParams.get('code'), callback.searchParams.get('state')];
    await browser.follow(callback);
    secrets.push(browser.cookies.get('sealdrop_oidc_login') ?? null);
    const exchanged = await browser.post(`${origin}/api/auth/oidc/exchange`);
    secrets.push(exchanged.body.data.token);
    const log = logs.join('\n');
    expect(log).toContain('/api/auth/oidc/callback?');
    for (const secret of secrets) {
      expect(secret?.length).toBeGreaterThan(8);
      expect(log).not.toContain(secret);
    }
  });

  it('reads the email from userinfo when the provider keeps it out of the ID token', async () => {
    const { server, origin, startUrl } = await start({ emailOnlyInUserinfo: true });
    const result = await signIn(origin, startUrl, { login: 'ada' });
    expect(result.success).toBe('true');
    expect((await me(server, result.token ?? '')).body.data.user.email).toBe('ada@example.com');
  });

  it('accepts a callback URL only once', async () => {
    const { startUrl } = await start();
    const browser = createTestBrowser();
    const callback = await browser.follow(startUrl, { login: 'ada', stopAt: CALLBACK });
    expect(outcome(await browser.follow(callback)).success).toBe('true');
    expect(outcome(await browser.follow(callback))).toMatchObject({
      path: '/auth/callback',
      success: 'false',
      token: null,
      error: 'This sign-in has expired or was already used. Please try again.',
    });
  });

  it('refuses a callback opened in a browser that did not start the sign-in', async () => {
    const { server, startUrl } = await start();
    const callback = await createTestBrowser().follow(startUrl, { login: 'ada', stopAt: CALLBACK });
    expect(outcome(await createTestBrowser().follow(callback))).toMatchObject({
      success: 'false',
      token: null,
      error: 'This sign-in was started in another browser. Please try again.',
    });
    expect(await server.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('refuses a sign-in finished more than ten minutes after it started', async () => {
    const { server, startUrl } = await start();
    const browser = createTestBrowser();
    const callback = await browser.follow(startUrl, { login: 'ada', stopAt: CALLBACK });
    server.clock.advance(10 * 60 * 1000 + 1);
    expect(outcome(await browser.follow(callback)).error).toBe(
      'This sign-in has expired or was already used. Please try again.',
    );
  });

  it('refuses an email address the provider has not verified', async () => {
    const { server, startUrl } = await start();
    const result = outcome(await createTestBrowser().follow(startUrl, { login: 'eve' }));
    expect(result).toMatchObject({
      path: '/auth/callback',
      success: 'false',
      token: null,
      error: 'Your Test ID email address is not verified. Verify it with Test ID, then try again.',
    });
    expect(await server.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('tells the person their sign-in was cancelled when they cancel at the provider', async () => {
    const { startUrl } = await start();
    const result = outcome(await createTestBrowser().follow(startUrl, { cancel: true }));
    expect(result).toMatchObject({
      success: 'false',
      error: 'Sign-in with Test ID was cancelled.',
    });
  });

  it('retries discovery after the provider was unreachable', async () => {
    const { startUrl, configureProvider } = await start({ providerReady: false });
    const down = outcome(await createTestBrowser().follow(startUrl, { login: 'ada' }));
    expect(down).toMatchObject({
      success: 'false',
      error: 'Could not reach Test ID. Please try again later.',
    });
    await configureProvider();
    const up = outcome(await createTestBrowser().follow(startUrl, { login: 'ada' }));
    expect(up.success).toBe('true');
  });

  it('turns a callback without state into a readable failure, not an error page', async () => {
    const { origin } = await start();
    const end = await createTestBrowser().follow(`${origin}${CALLBACK}?code=abc`);
    expect(outcome(end)).toMatchObject({ path: '/auth/callback', success: 'false', token: null });
  });

  it('advertises the provider in the public config', async () => {
    const { server } = await start();
    const config = (await server.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config.data).toMatchObject({ features: { oidc: true }, oidcName: 'Test ID' });
  });
});

describeEachDatabase('external sign-in when it is not configured', (createDatabase) => {
  let server: TestServer;
  serverPerTest(createDatabase, (started) => {
    server = started;
  });

  it('answers start with a 404 envelope and hides the button in the public config', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'External sign-in is not configured',
    });
    const config = (await server.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config.data.features.oidc).toBe(false);
  });

  it('sends a stray callback back to the web app with the same message', async () => {
    const response = await server.app.inject({ method: 'GET', url: `${CALLBACK}?state=x` });
    expect(response.statusCode).toBe(302);
    const end = new URL(response.headers.location ?? '');
    expect(outcome(end)).toMatchObject({
      path: '/auth/callback',
      success: 'false',
      error: 'External sign-in is not configured',
    });
  });
});
