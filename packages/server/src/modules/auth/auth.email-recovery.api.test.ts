/**
 * An email change cannot outlive the owner's recovery: a password reset or change voids pending
 * email changes and outstanding reset links; the old address hears of a change when it is asked
 * for and when it applies, and its "This wasn't me" link puts the account back in its hands.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { linkToken, linkUrl, type ReceivedMail } from '../../testing/smtp-sink';
import { createMailTestServer, type MailTestServer, PASSWORD } from './auth.email.test-client';

const DAY_MS = 24 * 60 * 60 * 1000;
const OWNER = 'ada@example.com';
const ATTACKER = 'mallory@example.com';
const OWNER_PASSWORD = 'Owners-Own-Horse-5';
const INVALID_LINK = 'This link is invalid, expired or already used. Please request a new one.';

describeEachDatabase('email change and recovery', (createDatabase) => {
  let t: MailTestServer;
  let session: string;
  /** Mails received so far by one address: the next one to wait for is this many on. */
  const seen = (to: string) => t.sink.mailTo(to).length;
  const nextMail = (to: string, skip = seen(to)) => t.sink.waitForMail(to, { skip });

  beforeEach(async () => {
    t = await createMailTestServer(await createDatabase());
    session = (await t.register(OWNER)).token;
    const token = linkToken(await t.sink.waitForMail(OWNER), '/verify-email');
    await t.call('POST', '/api/auth/verify-email', { body: { token } });
  });
  afterEach(() => t.close());

  const askChange = (email: string, token = session, currentPassword = PASSWORD) =>
    t.call('PUT', '/api/auth/profile', { token, body: { email, currentPassword } });
  /** Asks for a change to `email` and opens the link mailed there; answers the mail to `from`. */
  async function changeEmail(from: string, email: string, token = session): Promise<ReceivedMail> {
    const before = seen(from);
    const pending = nextMail(email);
    expect((await askChange(email, token)).statusCode).toBe(200);
    const verify = linkToken(await pending, '/verify-email');
    const verified = await t.call('POST', '/api/auth/verify-email', { body: { token: verify } });
    expect(verified.statusCode).toBe(200);
    // Two mails reach the old address (the request, then the change); either may land first.
    await nextMail(from, before + 1);
    const changed = t.sink
      .mailTo(from)
      .slice(before)
      .find((mail) => mail.subject.endsWith('was changed'));
    if (!changed) throw new Error(`no "was changed" mail to ${from}`);
    return changed;
  }
  const restore = (token: string, newPassword = OWNER_PASSWORD) =>
    t.call('POST', '/api/auth/restore-email', { body: { token, newPassword } });
  const forgot = (email: string) =>
    t.call('POST', '/api/auth/forgot-password', { body: { email } });

  it('tells the old address when a change is asked for, before anything changes', async () => {
    const mail = nextMail(OWNER);
    await askChange(ATTACKER);
    const notice = await mail;
    expect(notice.subject).toBe('Your Sealdrop email address is about to change');
    expect(notice.text).toContain(`from ${OWNER} to ${ATTACKER}`);
    expect(notice.text).toMatch(/change your password/i);
  });

  it('tells the old address when the change applies, with a "This wasn\'t me" link for 7 days', async () => {
    const changed = await changeEmail(OWNER, ATTACKER);
    expect(changed.subject).toBe('Your Sealdrop email address was changed');
    expect(changed.text).toContain(`from ${OWNER} to ${ATTACKER}`);
    expect(changed.text).toContain("This wasn't me:");
    expect(linkUrl(changed, '/restore-email')).toMatch(
      /^http:\/\/sealdrop\.test\/restore-email#token=[A-Za-z0-9_-]{43}$/,
    );
    expect(changed.text).toMatch(/7 days/);
  });

  it("puts the old address back: a new password, every session ended, the new address's links void", async () => {
    const changed = await changeEmail(OWNER, ATTACKER);
    // The attacker holds the account through the new address: a session, a reset link.
    const attacker = (await t.login(ATTACKER)).body.data.token;
    const resetMail = nextMail(ATTACKER);
    await forgot(ATTACKER);
    const attackerReset = linkToken(await resetMail, '/reset-password');

    expect(await restore(linkToken(changed, '/restore-email'))).toEqual({
      statusCode: 200,
      body: { status: 'success', data: { restored: true, email: OWNER } },
    });
    for (const token of [session, attacker])
      expect((await t.call('GET', '/api/auth/me', { token })).statusCode).toBe(401);
    const reset = await t.call('POST', '/api/auth/reset-password', {
      body: { token: attackerReset, newPassword: 'Attackers-Horse-8' },
    });
    expect(reset.body.message).toBe(INVALID_LINK);
    expect((await t.login(ATTACKER)).statusCode).toBe(401);
    expect((await t.login(OWNER, PASSWORD)).statusCode).toBe(401);
    const back = await t.login(OWNER, OWNER_PASSWORD);
    expect(back.body.data.user).toMatchObject({ email: OWNER, emailVerified: true });
  });

  it('accepts "This wasn\'t me" once, for 7 days, and not with a weak password', async () => {
    const token = linkToken(await changeEmail(OWNER, ATTACKER), '/restore-email');
    expect((await restore(token, 'abcdef')).statusCode).toBe(400);
    t.server.clock.advance(7 * DAY_MS + 1000);
    expect((await restore(token)).body.message).toBe(INVALID_LINK);

    const fresh = await changeEmail(
      ATTACKER,
      'carol@example.com',
      (await t.login(ATTACKER)).body.data.token,
    );
    const again = linkToken(fresh, '/restore-email');
    expect((await restore(again)).statusCode).toBe(200);
    expect((await restore(again)).body.message).toBe(INVALID_LINK);
  });

  it("keeps the first owner's link working when the address moves on and a later link is used", async () => {
    const first = linkToken(await changeEmail(OWNER, ATTACKER), '/restore-email');
    const attacker = (await t.login(ATTACKER)).body.data.token;
    const second = linkToken(
      await changeEmail(ATTACKER, 'mallory2@example.com', attacker),
      '/restore-email',
    );
    // The attacker "restores" their own first address: that must not cost the owner theirs.
    expect((await restore(second, 'Attackers-Horse-8')).statusCode).toBe(200);
    expect((await restore(first)).statusCode).toBe(200);
    expect((await t.login(OWNER, OWNER_PASSWORD)).statusCode).toBe(200);
    expect((await t.login(ATTACKER, 'Attackers-Horse-8')).statusCode).toBe(401);
  });

  it('voids a pending email change and every reset link when the password is reset', async () => {
    const pending = nextMail(ATTACKER);
    const notice = nextMail(OWNER);
    await askChange(ATTACKER);
    const kept = linkToken(await pending, '/verify-email');
    await notice;
    const resetMail = nextMail(OWNER);
    await forgot(OWNER);
    const reset = linkToken(await resetMail, '/reset-password');
    const used = await t.call('POST', '/api/auth/reset-password', {
      body: { token: reset, newPassword: OWNER_PASSWORD },
    });
    expect(used.statusCode).toBe(200);
    const applied = await t.call('POST', '/api/auth/verify-email', { body: { token: kept } });
    expect(applied.body.message).toBe(INVALID_LINK);
    expect((await t.login(OWNER, OWNER_PASSWORD)).body.data.user.email).toBe(OWNER);
  });

  it('voids a pending email change and an earlier reset link when the password is changed', async () => {
    const resetMail = nextMail(OWNER);
    await forgot(OWNER);
    const reset = linkToken(await resetMail, '/reset-password');
    const pending = nextMail(ATTACKER);
    const notice = nextMail(OWNER);
    await askChange(ATTACKER);
    const kept = linkToken(await pending, '/verify-email');
    await notice;
    const changed = await t.call('POST', '/api/auth/change-password', {
      token: session,
      body: { currentPassword: PASSWORD, newPassword: OWNER_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    const applied = await t.call('POST', '/api/auth/verify-email', { body: { token: kept } });
    expect(applied.body.message).toBe(INVALID_LINK);
    const late = await t.call('POST', '/api/auth/reset-password', {
      body: { token: reset, newPassword: 'Attackers-Horse-8' },
    });
    expect(late.body.message).toBe(INVALID_LINK);
    expect((await t.login(OWNER, OWNER_PASSWORD)).statusCode).toBe(200);
  });

  it('takes the old address back from an unverified account that registered it meanwhile', async () => {
    const token = linkToken(await changeEmail(OWNER, ATTACKER), '/restore-email');
    const squatter = await t.register(OWNER, 'Squatters-Horse-3');
    expect((await restore(token)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/auth/me', { token: squatter.token })).statusCode).toBe(401);
    expect((await t.login(OWNER, OWNER_PASSWORD)).body.data.user.id).not.toBe(squatter.user.id);
  });
});
