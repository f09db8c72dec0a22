import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { linkToken, linkUrl } from '../../testing/smtp-sink';
import { createMailTestServer, type MailTestServer, PASSWORD } from './auth.email.test-client';

const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDatabase('email verification API', (createDatabase) => {
  let t: MailTestServer;
  beforeEach(async () => {
    t = await createMailTestServer(await createDatabase());
  });
  afterEach(() => t.close());

  it('mails a verification link on registration; opening it marks the address verified', async () => {
    const { token, user } = await t.register('Ada@Example.com');
    expect(user.emailVerified).toBe(false);

    const mail = await t.sink.waitForMail('ada@example.com');
    expect(mail.subject).toBe('Confirm your email address for Sealdrop');
    expect(mail.from).toContain('no-reply@localhost');
    // The token is in the fragment: browsers never send it to a server.
    expect(linkUrl(mail, '/verify-email')).toMatch(
      /^http:\/\/sealdrop\.test\/verify-email#token=[A-Za-z0-9_-]{43}$/,
    );

    const verified = await t.call('POST', '/api/auth/verify-email', {
      body: { token: linkToken(mail, '/verify-email') },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.body.data.user).toMatchObject({
      email: 'ada@example.com',
      emailVerified: true,
    });
    const me = await t.call('GET', '/api/auth/me', { token });
    expect(me.body.data.user.emailVerified).toBe(true);
  });

  it('builds mailed links on PUBLIC_URL, never on the Host a requester sends', async () => {
    await t.call('POST', '/api/auth/register', {
      body: { email: 'ada@example.com', password: PASSWORD },
      headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
    });
    const mail = await t.sink.waitForMail('ada@example.com');
    expect(linkUrl(mail, '/verify-email')).toMatch(/^http:\/\/sealdrop\.test\/verify-email#/);
  });

  it('builds the link on PUBLIC_URL when it is set', async () => {
    await t.close();
    t = await createMailTestServer(await createDatabase(), {
      PUBLIC_URL: 'https://drop.example.org/ignored-path',
    });
    await t.register('ada@example.com');
    const mail = await t.sink.waitForMail('ada@example.com');
    expect(linkUrl(mail, '/verify-email')).toMatch(/^https:\/\/drop\.example\.org\/verify-email#/);
  });

  it('accepts a link once only', async () => {
    await t.register('ada@example.com');
    const token = linkToken(await t.sink.waitForMail('ada@example.com'), '/verify-email');
    expect((await t.call('POST', '/api/auth/verify-email', { body: { token } })).statusCode).toBe(
      200,
    );
    expect(await t.call('POST', '/api/auth/verify-email', { body: { token } })).toEqual({
      statusCode: 400,
      body: {
        status: 'error',
        message: 'This link is invalid, expired or already used. Please request a new one.',
      },
    });
  });

  it('refuses a link after 24 hours, and an unknown or malformed token', async () => {
    const { token: session } = await t.register('ada@example.com');
    const token = linkToken(await t.sink.waitForMail('ada@example.com'), '/verify-email');
    t.server.clock.advance(DAY_MS + 1000);
    const late = await t.call('POST', '/api/auth/verify-email', { body: { token } });
    expect(late.statusCode).toBe(400);
    const unknown = await t.call('POST', '/api/auth/verify-email', {
      body: { token: 'A'.repeat(43) },
    });
    expect(unknown.statusCode).toBe(400);
    const malformed = await t.call('POST', '/api/auth/verify-email', { body: { token: 'a b' } });
    expect(malformed.statusCode).toBe(400);
    const login = await t.login('ada@example.com');
    const me = await t.call('GET', '/api/auth/me', { token: login.body.data.token ?? session });
    expect(me.body.data.user.emailVerified).toBe(false);
  });

  it('resends a fresh link that replaces the old one, and says when there is nothing to verify', async () => {
    const { token: session } = await t.register('ada@example.com');
    const first = linkToken(await t.sink.waitForMail('ada@example.com'), '/verify-email');
    // One mail per minute and account, whatever the per-IP limit allows.
    expect(await t.call('POST', '/api/auth/resend-verification', { token: session })).toEqual({
      statusCode: 429,
      body: {
        status: 'error',
        message: 'We just sent you an email. Please wait a minute before asking for another one.',
      },
    });
    t.server.clock.advance(61_000);
    const resent = await t.call('POST', '/api/auth/resend-verification', { token: session });
    expect(resent.body).toEqual({
      status: 'success',
      data: { sent: true, email: 'ada@example.com' },
    });
    const second = linkToken(
      await t.sink.waitForMail('ada@example.com', { skip: 1 }),
      '/verify-email',
    );
    expect(second).not.toBe(first);
    const old = await t.call('POST', '/api/auth/verify-email', { body: { token: first } });
    expect(old.statusCode).toBe(400);
    const fresh = await t.call('POST', '/api/auth/verify-email', { body: { token: second } });
    expect(fresh.statusCode).toBe(200);

    const again = await t.call('POST', '/api/auth/resend-verification', { token: session });
    expect(again).toEqual({
      statusCode: 409,
      body: { status: 'error', message: 'Your email address is already verified' },
    });
    const guest = await t.call('POST', '/api/auth/resend-verification');
    expect(guest.statusCode).toBe(401);
  });

  it('answers 503 with a readable message when the SMTP server is down', async () => {
    const { token: session } = await t.register('ada@example.com');
    await t.sink.waitForMail('ada@example.com');
    await t.sink.close();
    t.server.clock.advance(61_000);
    const resent = await t.call('POST', '/api/auth/resend-verification', { token: session });
    expect(resent).toEqual({
      statusCode: 503,
      body: {
        status: 'error',
        message: 'We could not send the email right now. Please try again in a few minutes.',
      },
    });
  });
});
