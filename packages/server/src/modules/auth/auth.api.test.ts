import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { serverPerTest } from '../../testing/server-per-test';
import type { TestServer } from '../../testing/test-server';

const PASSWORD = 'Correct-Horse-9';

describeEachDatabase('accounts API', (createDatabase) => {
  let server: TestServer;
  serverPerTest(createDatabase, (started) => {
    server = started;
  });

  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { token?: string; body?: object } = {},
  ) {
    const response = await server.app.inject({
      method,
      url,
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      ...(options.body ? { payload: options.body } : {}),
    });
    return { statusCode: response.statusCode, body: response.json() };
  }
  const register = (email = 'Ada@Example.com ', password = PASSWORD) =>
    call('POST', '/api/auth/register', { body: { email, password } });

  it('registers with a normalised email and returns the user and a working token, never a hash', async () => {
    const { statusCode, body } = await register();
    expect(statusCode).toBe(200);
    expect(body.data.user).toMatchObject({
      email: 'ada@example.com',
      tier: { name: 'free' },
      userType: 'free',
      solanaWallet: null,
      prickoBalance: 0,
    });
    expect(JSON.stringify(body)).not.toMatch(/argon2|password/i);
    const me = await call('GET', '/api/auth/me', { token: body.data.token });
    expect(me.body.data.user.email).toBe('ada@example.com');
  });

  it('refuses a duplicate email and a weak password with readable messages', async () => {
    await register();
    const again = await register('ada@example.com');
    expect(again).toEqual({
      statusCode: 409,
      body: { status: 'error', message: 'An account with this email already exists' },
    });
    const weak = await register('bob@example.com', 'abcdef');
    expect(weak).toEqual({
      statusCode: 400,
      body: {
        status: 'error',
        message: 'Password is too weak. Please choose a stronger password.',
      },
    });
    const badEmail = await register('not-an-email', PASSWORD);
    expect(badEmail.body.message).toBe('email: Please enter a valid email address');
  });

  it('logs in with the right password only', async () => {
    await register();
    const wrong = await call('POST', '/api/auth/login', {
      body: { email: 'ada@example.com', password: 'Wrong-Horse-9' },
    });
    expect(wrong).toEqual({
      statusCode: 401,
      body: { status: 'error', message: 'Invalid email or password' },
    });
    const unknown = await call('POST', '/api/auth/login', {
      body: { email: 'who@example.com', password: PASSWORD },
    });
    expect(unknown.statusCode).toBe(401);
    const right = await call('POST', '/api/auth/login', {
      body: { email: 'ADA@example.com', password: PASSWORD },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body.data.token).toEqual(expect.any(String));
  });

  it('locks an email out after ten failed logins', async () => {
    await register();
    for (let i = 0; i < 10; i += 1) {
      await call('POST', '/api/auth/login', {
        body: { email: 'ada@example.com', password: 'Wrong-Horse-9' },
      });
    }
    const locked = await call('POST', '/api/auth/login', {
      body: { email: 'ada@example.com', password: PASSWORD },
    });
    expect(locked.statusCode).toBe(429);
    server.clock.advance(15 * 60 * 1000 + 1);
    expect(
      (
        await call('POST', '/api/auth/login', {
          body: { email: 'ada@example.com', password: PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('never signs into an account without a password, not even with the timing stand-in', async () => {
    await register();
    // What an account made through OpenID Connect looks like.
    await server.db.updateTable('users').set({ password_hash: null }).execute();
    for (const password of ['sealdrop-timing-equalizer', PASSWORD]) {
      const response = await call('POST', '/api/auth/login', {
        body: { email: 'ada@example.com', password },
      });
      expect(response.statusCode, password).toBe(401);
    }
  });

  it('revokes the token on logout', async () => {
    const { body } = await register();
    expect((await call('POST', '/api/auth/logout', { token: body.data.token })).statusCode).toBe(
      200,
    );
    const me = await call('GET', '/api/auth/me', { token: body.data.token });
    expect(me).toEqual({
      statusCode: 401,
      body: { status: 'error', message: 'Session expired or invalid. Please log in again.' },
    });
  });

  it('rotates the token on refresh: the new one works, the old one is refused', async () => {
    const { body } = await register();
    const refreshed = await call('POST', '/api/auth/refresh-token', { token: body.data.token });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.body.data.token).not.toBe(body.data.token);
    expect(
      (await call('GET', '/api/auth/me', { token: refreshed.body.data.token })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/auth/me', { token: body.data.token })).statusCode).toBe(401);
  });

  it('gives two tabs renewing one token at once the same new session, not a sign-out', async () => {
    const { body } = await register();
    const [first, second] = await Promise.all([
      call('POST', '/api/auth/refresh-token', { token: body.data.token }),
      call('POST', '/api/auth/refresh-token', { token: body.data.token }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    // A late tab within the grace window gets that session too.
    server.clock.advance(20_000);
    const late = await call('POST', '/api/auth/refresh-token', { token: body.data.token });
    expect(late.statusCode).toBe(200);
    const tokens = [first, second, late].map((r) => r.body.data.token as string);
    for (const token of tokens)
      expect((await call('GET', '/api/auth/me', { token })).statusCode).toBe(200);
    // One session: ending it through one token ends it for all three.
    await call('POST', '/api/auth/logout', { token: tokens[0] });
    for (const token of tokens)
      expect((await call('GET', '/api/auth/me', { token })).statusCode).toBe(401);
  });

  it('ends the whole session family when a rotated token is used to refresh again later', async () => {
    const { body } = await register();
    const other = (
      await call('POST', '/api/auth/login', {
        body: { email: 'ada@example.com', password: PASSWORD },
      })
    ).body.data.token;
    const stolen = body.data.token;
    // Whoever renews first (the thief, say) holds the new token…
    const renewed = await call('POST', '/api/auth/refresh-token', { token: stolen });
    const next = await call('POST', '/api/auth/refresh-token', { token: renewed.body.data.token });
    expect(next.statusCode).toBe(200);
    // …until the other holder of the old token renews it after the grace window: reuse.
    server.clock.advance(31_000);
    const reused = await call('POST', '/api/auth/refresh-token', { token: stolen });
    expect(reused).toEqual({
      statusCode: 401,
      body: { status: 'error', message: 'Session expired or invalid. Please log in again.' },
    });
    for (const token of [renewed.body.data.token, next.body.data.token])
      expect((await call('GET', '/api/auth/me', { token })).statusCode).toBe(401);
    // Another sign-in of the same account is another family, and goes on.
    expect((await call('GET', '/api/auth/me', { token: other })).statusCode).toBe(200);
  });

  it('ends every other session on password change and accepts only the new password', async () => {
    const first = (await register()).body.data.token;
    const second = (
      await call('POST', '/api/auth/login', {
        body: { email: 'ada@example.com', password: PASSWORD },
      })
    ).body.data.token;
    const wrong = await call('POST', '/api/auth/change-password', {
      token: first,
      body: { currentPassword: 'nope', newPassword: 'New-Horse-10' },
    });
    expect(wrong.body.message).toBe('Current password is incorrect');
    const changed = await call('POST', '/api/auth/change-password', {
      token: first,
      body: { currentPassword: PASSWORD, newPassword: 'New-Horse-10' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', { token: first })).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', { token: second })).statusCode).toBe(401);
    expect(
      (
        await call('POST', '/api/auth/login', {
          body: { email: 'ada@example.com', password: PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await call('POST', '/api/auth/login', {
          body: { email: 'ada@example.com', password: 'New-Horse-10' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses forged, expired and malformed tokens', async () => {
    const { body } = await register();
    const [header, payload] = body.data.token.split('.');
    expect(
      (await call('GET', '/api/auth/me', { token: `${header}.${payload}.forged` })).statusCode,
    ).toBe(401);
    expect((await call('GET', '/api/auth/me', { token: 'garbage' })).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me')).body.message).toBe('Please log in to continue');
    server.clock.advance(8 * 24 * 60 * 60 * 1000);
    expect((await call('GET', '/api/auth/me', { token: body.data.token })).statusCode).toBe(401);
  });

  // The whole email-change flow, with its verification mail, is in auth.email-change.api.test.ts.
  it('keeps the email when the profile asks for a new one: it waits for verification', async () => {
    const { body } = await register();
    await register('taken@example.com');
    const taken = await call('PUT', '/api/auth/profile', {
      token: body.data.token,
      body: { email: 'taken@example.com', currentPassword: PASSWORD },
    });
    expect(taken.statusCode).toBe(409);
    const updated = await call('PUT', '/api/auth/profile', {
      token: body.data.token,
      body: { email: 'Ada2@example.com', currentPassword: PASSWORD },
    });
    expect(updated.body.data.user).toMatchObject({
      email: 'ada@example.com',
      pendingEmail: 'ada2@example.com',
    });
    expect(
      (await call('GET', '/api/auth/me', { token: updated.body.data.token })).body.data.user.email,
    ).toBe('ada@example.com');
  });

  it('lists the balance history newest first with the balance as their sum', async () => {
    const { body } = await register();
    const userId = body.data.user.id;
    const t = server.clock.now().getTime();
    await server.db
      .insertInto('ledger_entries')
      .values([
        {
          id: 'e1',
          user_id: userId,
          amount: 5,
          reason: 'upload_reward',
          reference: 'file-1',
          created_at: t,
        },
        {
          id: 'e2',
          user_id: userId,
          amount: 7,
          reason: 'download_reward',
          reference: 'file-1:x',
          created_at: t + 1,
        },
      ])
      .execute();
    const history = await call('GET', '/api/auth/balance-history?limit=1', {
      token: body.data.token,
    });
    expect(history.body.data.balance).toBe(12);
    expect(history.body.data.entries).toEqual([
      { id: 'e2', amount: 7, reason: 'download_reward', createdAt: expect.any(String) },
    ]);
    expect(
      (await call('GET', '/api/auth/me', { token: body.data.token })).body.data.user.prickoBalance,
    ).toBe(12);
  });
});
