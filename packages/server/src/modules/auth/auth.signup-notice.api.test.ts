/**
 * Signing up with an address that has an account keeps its answer (taken), and tells the
 * address's owner, with a reset link, at most once an hour: registration cannot flood an address.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { linkToken } from '../../testing/smtp-sink';
import { createMailTestServer, type MailTestServer, PASSWORD } from './auth.email.test-client';

const TAKEN = {
  statusCode: 409,
  body: { status: 'error', message: 'An account with this email already exists' },
};
const SUBJECT = 'Someone tried to sign up to Sealdrop with your address';
const HOUR_MS = 60 * 60 * 1000;

describeEachDatabase('sign-up with a taken address', (createDatabase) => {
  let t: MailTestServer;
  beforeEach(async () => {
    t = await createMailTestServer(await createDatabase());
    await t.register('ada@example.com');
    await t.sink.waitForMail('ada@example.com');
  });
  afterEach(() => t.close());

  const signUp = (password = 'Someone-Elses-Horse-2') =>
    t.call('POST', '/api/auth/register', { body: { email: 'Ada@Example.com', password } });
  const notices = () => t.sink.mailTo('ada@example.com').filter((m) => m.subject === SUBJECT);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('still answers that the address is taken, and mails its owner a working reset link', async () => {
    expect(await signUp()).toEqual(TAKEN);
    const mail = await t.sink.waitForMail('ada@example.com', { skip: 1 });
    expect(mail.subject).toBe(SUBJECT);
    expect(mail.text).toContain('No account was created');
    const reset = await t.call('POST', '/api/auth/reset-password', {
      body: { token: linkToken(mail, '/reset-password'), newPassword: 'Owners-New-Horse-6' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.login('ada@example.com', 'Owners-New-Horse-6')).statusCode).toBe(200);
    expect((await t.login('ada@example.com', PASSWORD)).statusCode).toBe(401);
  });

  it('mails that notice at most once an hour, however many sign-ups try', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => signUp()));
    expect(answers).toEqual(Array(8).fill(TAKEN));
    await t.sink.waitForMail('ada@example.com', { skip: 1 });
    await settle();
    expect(notices()).toHaveLength(1);

    t.server.clock.advance(HOUR_MS - 1000);
    await signUp();
    await settle();
    expect(notices()).toHaveLength(1);
    t.server.clock.advance(2000);
    await signUp();
    await t.sink.waitForMail('ada@example.com', { skip: 2 });
    expect(notices()).toHaveLength(2);
  });
});
