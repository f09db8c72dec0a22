import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { linkToken } from '../../testing/smtp-sink';
import { createMailTestServer, type MailTestServer, PASSWORD } from './auth.email.test-client';

describeEachDatabase('email change API', (createDatabase) => {
  let t: MailTestServer;
  let session: string;
  beforeEach(async () => {
    t = await createMailTestServer(await createDatabase());
    session = (await t.register('ada@example.com')).token;
    const token = linkToken(await t.sink.waitForMail('ada@example.com'), '/verify-email');
    await t.call('POST', '/api/auth/verify-email', { body: { token } });
  });
  afterEach(() => t.close());

  const changeEmail = (body: object) =>
    t.call('PUT', '/api/auth/profile', { token: session, body });

  it('needs the current password: missing or wrong is refused and nothing is mailed', async () => {
    expect(await changeEmail({ email: 'new@example.com' })).toEqual({
      statusCode: 400,
      body: {
        status: 'error',
        message: 'Please enter your current password to change your email',
      },
    });
    expect(
      await changeEmail({ email: 'new@example.com', currentPassword: 'Wrong-Horse-9' }),
    ).toEqual({
      statusCode: 400,
      body: { status: 'error', message: 'Current password is incorrect' },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.sink.mailTo('new@example.com')).toEqual([]);
  });

  it('applies the new address only when the link mailed to it is opened', async () => {
    const asked = await changeEmail({ email: 'New@Example.com', currentPassword: PASSWORD });
    expect(asked.statusCode).toBe(200);
    expect(asked.body.data).toMatchObject({
      verificationSentTo: 'new@example.com',
      user: { email: 'ada@example.com', emailVerified: true, pendingEmail: 'new@example.com' },
    });
    const me = await t.call('GET', '/api/auth/me', { token: session });
    expect(me.body.data.user).toMatchObject({ email: 'ada@example.com', emailVerified: true });
    expect((await t.login('new@example.com')).statusCode).toBe(401);

    const mail = await t.sink.waitForMail('new@example.com');
    const verified = await t.call('POST', '/api/auth/verify-email', {
      body: { token: linkToken(mail, '/verify-email') },
    });
    expect(verified.body.data.user).toMatchObject({
      email: 'new@example.com',
      emailVerified: true,
    });
    expect(verified.body.data.user.pendingEmail).toBeUndefined();
    expect((await t.login('new@example.com')).statusCode).toBe(200);
    expect((await t.login('ada@example.com')).statusCode).toBe(401);
  });

  it('refuses to apply an address that someone registered while the link waited', async () => {
    await changeEmail({ email: 'new@example.com', currentPassword: PASSWORD });
    const token = linkToken(await t.sink.waitForMail('new@example.com'), '/verify-email');
    await t.register('new@example.com');
    const verified = await t.call('POST', '/api/auth/verify-email', { body: { token } });
    expect(verified).toEqual({
      statusCode: 409,
      body: { status: 'error', message: 'An account with this email already exists' },
    });
    const me = await t.call('GET', '/api/auth/me', { token: session });
    expect(me.body.data.user.email).toBe('ada@example.com');
  });

  it('tells an account without a password to set one first', async () => {
    await t.server.db.updateTable('users').set({ password_hash: null }).execute();
    const refused = await changeEmail({ email: 'new@example.com', currentPassword: PASSWORD });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.message).toMatch(/no password yet.*Forgot password\?/);
  });

  it('voids a password-reset link sent to the old address once the new one applies', async () => {
    await t.call('POST', '/api/auth/forgot-password', { body: { email: 'ada@example.com' } });
    const reset = linkToken(
      await t.sink.waitForMail('ada@example.com', { skip: 1 }),
      '/reset-password',
    );
    await changeEmail({ email: 'new@example.com', currentPassword: PASSWORD });
    const token = linkToken(await t.sink.waitForMail('new@example.com'), '/verify-email');
    await t.call('POST', '/api/auth/verify-email', { body: { token } });
    const used = await t.call('POST', '/api/auth/reset-password', {
      body: { token: reset, newPassword: 'Another-Horse-7' },
    });
    expect(used.statusCode).toBe(400);
  });
});
