/**
 * An address registered but never verified does not keep its real owner out: a reset link mailed
 * to it (asked for, or in the notice a sign-up attempt sends) verifies it and ends the registrant's
 * sessions, links and linked sign-ins; and unverified accounts without activity go after 7 days.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { insertReadyFile } from '../../testing/file-rows';
import { linkToken } from '../../testing/smtp-sink';
import { createAccountsRepository } from './auth.accounts.repository';
import { createMailTestServer, type MailTestServer } from './auth.email.test-client';
import { deleteInactiveUnverifiedAccounts } from './auth.unverified-sweep';

const OWNER = 'ada@example.com';
const OWNER_PASSWORD = 'Owners-Own-Horse-5';
const DAY_MS = 24 * 60 * 60 * 1000;
const INVALID_LINK = 'This link is invalid, expired or already used. Please request a new one.';

describeEachDatabase('unverified accounts', (createDatabase) => {
  let t: MailTestServer;
  beforeEach(async () => {
    t = await createMailTestServer(await createDatabase());
  });
  afterEach(() => t.close());

  const resetWith = (token: string) =>
    t.call('POST', '/api/auth/reset-password', {
      body: { token, newPassword: OWNER_PASSWORD },
    });
  const users = () => t.server.db.selectFrom('users').select(['id', 'email']).execute();

  it("lets the address's owner take a squatted account back with a reset link", async () => {
    const squatter = await t.register(OWNER, 'Squatters-Horse-3');
    await t.sink.waitForMail(OWNER);
    // The squatter moves on to an address of their own, links a provider, and stays signed in.
    const pending = t.sink.waitForMail('mallory@example.com');
    await t.call('PUT', '/api/auth/profile', {
      token: squatter.token,
      body: { email: 'mallory@example.com', currentPassword: 'Squatters-Horse-3' },
    });
    const moveLink = linkToken(await pending, '/verify-email');
    await t.server.db.updateTable('users').set({ oidc_subject: 'https://idp|mallory' }).execute();

    // The owner cannot register their address; the notice they get holds a reset link.
    const signUp = await t.call('POST', '/api/auth/register', {
      body: { email: OWNER, password: OWNER_PASSWORD },
    });
    expect(signUp.statusCode).toBe(409);
    const notice = await t.sink.waitForMail(OWNER, { skip: 2 });
    expect((await resetWith(linkToken(notice, '/reset-password'))).statusCode).toBe(200);

    expect((await t.call('GET', '/api/auth/me', { token: squatter.token })).statusCode).toBe(401);
    const moved = await t.call('POST', '/api/auth/verify-email', { body: { token: moveLink } });
    expect(moved.body.message).toBe(INVALID_LINK);
    const owner = await t.login(OWNER, OWNER_PASSWORD);
    expect(owner.body.data.user).toMatchObject({
      email: OWNER,
      emailVerified: true,
      oidcLinked: false,
    });
    expect((await t.login(OWNER, 'Squatters-Horse-3')).statusCode).toBe(401);
  });

  it('mails a reset link to an unverified address on "Forgot password?" too', async () => {
    await t.register(OWNER, 'Squatters-Horse-3');
    await t.sink.waitForMail(OWNER);
    await t.call('POST', '/api/auth/forgot-password', { body: { email: OWNER } });
    const mail = await t.sink.waitForMail(OWNER, { skip: 1 });
    expect((await resetWith(linkToken(mail, '/reset-password'))).statusCode).toBe(200);
    const owner = await t.login(OWNER, OWNER_PASSWORD);
    expect(owner.body.data.user.emailVerified).toBe(true);
  });

  it('deletes unverified accounts without activity for 7 days, and only those', async () => {
    const idle = await t.register('idle@example.com');
    await t.register('active@example.com');
    const uploader = await t.register('uploader@example.com');
    await t.register(OWNER);
    const link = linkToken(await t.sink.waitForMail(OWNER), '/verify-email');
    await t.call('POST', '/api/auth/verify-email', { body: { token: link } });
    t.server.clock.advance(6 * DAY_MS);
    await t.login('active@example.com');
    t.server.clock.advance(DAY_MS + 1000);
    // A file still live counts as activity.
    await insertReadyFile(t.server.db, {
      id: 'live-file-000',
      owner_id: uploader.user.id,
      created_at: t.server.clock.now().getTime(),
      expires_at: t.server.clock.now().getTime() + DAY_MS,
    });

    const deleted = await deleteInactiveUnverifiedAccounts({
      accounts: createAccountsRepository({ db: t.server.db }),
      now: t.server.clock.now(),
    });
    expect(deleted).toBe(1);
    const left = (await users()).map((u) => u.email).sort();
    expect(left).toEqual(['active@example.com', OWNER, 'uploader@example.com']);
    const idleRows = await t.server.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', idle.user.id)
      .execute();
    expect(idleRows).toEqual([]);
    // The address is free again.
    expect((await t.register('idle@example.com')).user.email).toBe('idle@example.com');
  });
});
