/**
 * Mailed links in a real browser: the app server sends through a real SMTP server on loopback;
 * the test opens the links from the received mail as a person would.
 */
import { describe, expect, it } from 'vitest';
import { linkUrl, startSmtpSink } from '../packages/server/src/testing/smtp-sink';
import { appInBrowserWith } from './support/app-in-browser';

describe('email links in Chromium', () => {
  const app = appInBrowserWith({
    start: startSmtpSink,
    env: (sink) => ({ SMTP_URL: sink.url }),
    stop: (sink) => sink.close(),
  });

  it('registers, opens the verification link from the mail, and sees the account verified; then resets the password by mail', async () => {
    const email = `verify-${Date.now()}@example.com`;
    const password = 'Sealdrop-e2e-1';
    const page = await (await app.browser.newContext()).newPage();
    await page.goto(app.server.origin);
    const bar = page.getByRole('banner');

    await bar.getByRole('button', { name: 'Sign Up' }).click();
    const signUp = page.getByRole('dialog', { name: 'Create Account' });
    await signUp.getByLabel('Email').fill(email);
    await signUp.getByLabel('Password', { exact: true }).fill(password);
    await signUp.getByLabel('Confirm Password').fill(password);
    await signUp.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.goto(`${app.server.origin}/account/settings`);
    await page.getByText('Not verified yet: open the link we emailed you.').waitFor();

    const link = linkUrl(
      await app.service.waitForMail(email, { timeoutMs: 15_000 }),
      '/verify-email',
    );
    expect(link.startsWith(`${app.server.origin}/verify-email#token=`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Email verified' }).waitFor();
    await page.getByText(`${email} is verified.`).waitFor();
    // The token left the address bar, and never reached the server's log.
    expect(new URL(page.url()).hash).toBe('');
    const token = new URL(link).hash.slice('#token='.length);
    expect(app.server.logs.join('')).not.toContain(token);

    await page.getByRole('link', { name: 'Go to your account settings' }).click();
    await page.getByText('Verified', { exact: true }).waitFor();
    const me = await page.evaluate(async () => {
      const response = await fetch('/api/auth/me', {
        headers: { Authorization: `Bearer ${localStorage.getItem('authToken')}` },
      });
      return (await response.json()).data.user;
    });
    expect(me).toMatchObject({ email, emailVerified: true });

    // Forgot password, from a signed-out browser.
    const guest = await (await app.browser.newContext()).newPage();
    await guest.goto(app.server.origin);
    await guest.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
    await guest
      .getByRole('dialog', { name: 'Log In' })
      .getByRole('button', { name: 'Forgot password?' })
      .click();
    const forgot = guest.getByRole('dialog', { name: 'Reset your password' });
    await forgot.getByLabel('Email').fill(email);
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await forgot.getByText(/If an account exists for this address/).waitFor();

    const reset = linkUrl(
      await app.service.waitForMail(email, { skip: 1, timeoutMs: 15_000 }),
      '/reset-password',
    );
    await guest.goto(reset);
    await guest.getByLabel('New password').fill('Another-Horse-7');
    await guest.getByRole('button', { name: 'Set new password' }).click();
    await guest.getByText(/Your password was changed/).waitFor();
    await guest.getByRole('main').getByRole('button', { name: 'Log In' }).click();
    const logIn = guest.getByRole('dialog', { name: 'Log In' });
    await logIn.getByLabel('Email').fill(email);
    await logIn.getByLabel('Password').fill('Another-Horse-7');
    await logIn.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => guest.getByRole('dialog').count()).toBe(0);

    // Every earlier session ended with the reset: the first tab's token is refused.
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/auth/me', {
        headers: { Authorization: `Bearer ${localStorage.getItem('authToken')}` },
      });
      return response.status;
    });
    expect(status).toBe(401);
  });

  it('undoes an email change from the old address: "This wasn\'t me", a new password, signed in again', async () => {
    const email = `owner-${Date.now()}@example.com`;
    const other = `taken-over-${Date.now()}@example.com`;
    const password = 'Sealdrop-e2e-1';
    const page = await (await app.browser.newContext()).newPage();
    await page.goto(app.server.origin);
    await page.evaluate(
      async (body) => {
        const response = await fetch('/api/auth/register', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        localStorage.setItem('authToken', (await response.json()).data.token);
      },
      { email, password },
    );
    await page.goto(`${app.server.origin}/account/settings`);
    const section = page.getByRole('region', { name: 'Email' });
    await section.getByLabel('New email').fill(other);
    await section.getByLabel('Current password').fill(password);
    await section.getByRole('button', { name: 'Save email' }).click();
    await section.getByText(`We sent a verification link to ${other}.`).waitFor();

    await page.goto(
      linkUrl(await app.service.waitForMail(other, { timeoutMs: 15_000 }), '/verify-email'),
    );
    await page.getByRole('heading', { name: 'Email verified' }).waitFor();

    await expect
      .poll(() => app.service.mailTo(email).some((mail) => mail.subject.endsWith('was changed')), {
        timeout: 15_000,
      })
      .toBe(true);
    const changed = app.service.mailTo(email).find((mail) => mail.subject.endsWith('was changed'));
    if (!changed) throw new Error(`no "was changed" mail to ${email}`);
    const restore = linkUrl(changed, '/restore-email');
    const owner = await (await app.browser.newContext()).newPage();
    await owner.goto(restore);
    await owner.getByRole('heading', { name: /This wasn't me/ }).waitFor();
    expect(new URL(owner.url()).hash).toBe('');
    await owner.getByLabel('New password').fill('Owners-Horse-5');
    await owner.getByRole('button', { name: 'Set new password' }).click();
    await owner.getByText(`Your account's email address is ${email} again.`).waitFor();
    await owner.getByRole('main').getByRole('button', { name: 'Log In' }).click();
    const logIn = owner.getByRole('dialog', { name: 'Log In' });
    await logIn.getByLabel('Email').fill(email);
    await logIn.getByLabel('Password').fill('Owners-Horse-5');
    await logIn.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => owner.getByRole('dialog').count()).toBe(0);
  });
});
