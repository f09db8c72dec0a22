import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { linkToken, linkUrl } from '../../testing/smtp-sink';
import { createMailTestServer, type MailTestServer, PASSWORD } from './auth.email.test-client';

const NEW_PASSWORD = 'Another-Horse-7';
const GENERIC = {
  status: 'success',
  data: {
    message: 'If an account exists for this address, we sent it a link to reset the password.',
  },
};

describeEachDatabase('password reset API', (createDatabase) => {
  let t: MailTestServer;
  beforeEach(async () => {
    t = await createMailTestServer(await createDatabase());
  });
  afterEach(() => t.close());

  async function registerVerified(email: string) {
    const { token } = await t.register(email);
    const link = linkToken(await t.sink.waitForMail(email), '/verify-email');
    await t.call('POST', '/api/auth/verify-email', { body: { token: link } });
    return token;
  }
  const forgot = (email: string) =>
    t.call('POST', '/api/auth/forgot-password', { body: { email } });
  const reset = (token: string, newPassword = NEW_PASSWORD) =>
    t.call('POST', '/api/auth/reset-password', { body: { token, newPassword } });

  it('answers unknown, unverified and verified addresses alike, and mails the accounts a link', async () => {
    await t.register('unverified@example.com');
    await t.sink.waitForMail('unverified@example.com');
    await registerVerified('ada@example.com');

    expect(await forgot('nobody@example.com')).toEqual({ statusCode: 200, body: GENERIC });
    expect(await forgot('unverified@example.com')).toEqual({ statusCode: 200, body: GENERIC });
    expect(await forgot('ada@example.com')).toEqual({ statusCode: 200, body: GENERIC });

    const mail = await t.sink.waitForMail('ada@example.com', { skip: 1 });
    expect(mail.subject).toBe('Reset your Sealdrop password');
    expect(linkUrl(mail, '/reset-password')).toMatch(
      /^http:\/\/sealdrop\.test\/reset-password#token=[A-Za-z0-9_-]{43}$/,
    );
    // A reset link proves the mailbox: it is how the owner of a squatted address takes it back.
    const unverified = await t.sink.waitForMail('unverified@example.com', { skip: 1 });
    expect(unverified.subject).toBe('Reset your Sealdrop password');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.sink.mailTo('nobody@example.com')).toEqual([]);
  });

  it('sets the new password, ends every session, and works once', async () => {
    const first = await registerVerified('ada@example.com');
    const second = (await t.login('ada@example.com')).body.data.token;
    await forgot('ada@example.com');
    const token = linkToken(
      await t.sink.waitForMail('ada@example.com', { skip: 1 }),
      '/reset-password',
    );

    expect(await reset(token)).toEqual({
      statusCode: 200,
      body: { status: 'success', data: { reset: true } },
    });
    for (const session of [first, second]) {
      expect((await t.call('GET', '/api/auth/me', { token: session })).statusCode).toBe(401);
    }
    expect((await t.login('ada@example.com', PASSWORD)).statusCode).toBe(401);
    expect((await t.login('ada@example.com', NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(token, 'Third-Horse-5!');
    expect(again.statusCode).toBe(400);
    expect(again.body.message).toBe(
      'This link is invalid, expired or already used. Please request a new one.',
    );
    expect((await t.login('ada@example.com', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a link after an hour, and a weak password without using the link up', async () => {
    await registerVerified('ada@example.com');
    await forgot('ada@example.com');
    const token = linkToken(
      await t.sink.waitForMail('ada@example.com', { skip: 1 }),
      '/reset-password',
    );
    const weak = await reset(token, 'abcdef');
    expect(weak).toEqual({
      statusCode: 400,
      body: {
        status: 'error',
        message: 'Password is too weak. Please choose a stronger password.',
      },
    });
    t.server.clock.advance(60 * 60 * 1000 + 1000);
    expect((await reset(token)).statusCode).toBe(400);
    expect((await t.login('ada@example.com', PASSWORD)).statusCode).toBe(200);
  });

  it('keeps only the newest link working', async () => {
    await registerVerified('ada@example.com');
    await forgot('ada@example.com');
    const older = linkToken(
      await t.sink.waitForMail('ada@example.com', { skip: 1 }),
      '/reset-password',
    );
    t.server.clock.advance(61_000);
    await forgot('ada@example.com');
    const newer = linkToken(
      await t.sink.waitForMail('ada@example.com', { skip: 2 }),
      '/reset-password',
    );
    expect((await reset(older)).statusCode).toBe(400);
    expect((await reset(newer)).statusCode).toBe(200);
  });

  it('sends at most one reset mail a minute to an account, with the same answer', async () => {
    await registerVerified('ada@example.com');
    expect(await forgot('ada@example.com')).toEqual({ statusCode: 200, body: GENERIC });
    expect(await forgot('ada@example.com')).toEqual({ statusCode: 200, body: GENERIC });
    await t.sink.waitForMail('ada@example.com', { skip: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.sink.mailTo('ada@example.com')).toHaveLength(2);
  });

  it('refuses a malformed body with a readable 400', async () => {
    const missing = await t.call('POST', '/api/auth/reset-password', { body: {} });
    expect(missing).toEqual({
      statusCode: 400,
      body: { status: 'error', message: 'token: is required' },
    });
    const badEmail = await forgot('not-an-email');
    expect(badEmail.statusCode).toBe(400);
  });
});
