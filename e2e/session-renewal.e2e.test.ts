/**
 * Sessions renew themselves, in Chromium against the real server: with the
 * page's clock moved six days on, two open tabs renew the 7-day token once between them and keep
 * working with the new one; a session the server has ended shows "Session expired" and the login
 * dialog over the page the person was on, and logging in there carries on.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';

const DAY_MS = 24 * 60 * 60 * 1000;
const PASSWORD = 'Sealdrop-e2e-1';

describe('session renewal in Chromium', () => {
  const app = appInBrowser();

  async function register(email: string): Promise<string> {
    const response = await fetch(`${app.server.origin}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(response.status).toBeLessThan(300);
    return (await response.json()).data.token;
  }

  const meStatus = async (token: string) =>
    (
      await fetch(`${app.server.origin}/api/auth/me`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).status;

  /** The avatar letter the top bar shows for `email`. */
  const avatar = (page: Page, email: string) =>
    page.getByRole('banner').getByText(email.charAt(0).toUpperCase(), { exact: true });

  /** A tab of `context` on `path`, signed in as `email` with `token`. */
  async function signedInTab(
    context: BrowserContext,
    { email, token }: { email: string; token: string },
    path = '/',
  ): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${app.server.origin}${path}`);
    // A tab opened after the first finds the token already stored; reloading it while its
    // startup call is under way would end that call, which signs out.
    if ((await page.evaluate(() => localStorage.getItem('authToken'))) !== token) {
      await page.evaluate((value) => localStorage.setItem('authToken', value), token);
      await page.reload();
    }
    await avatar(page, email).waitFor();
    return page;
  }

  const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('authToken'));

  it('renews the token before it expires: two open tabs go on with one new session', async () => {
    const email = `renew-${Date.now()}@example.com`;
    const first = await register(email);
    const context = await app.browser.newContext();
    await context.clock.install();
    // Which tab renewed which token, and how it went: a second renewal says where it came from.
    const renewals: string[] = [];
    context.on('response', (response) => {
      if (!response.url().endsWith('/api/auth/refresh-token')) return;
      const bearer = response.request().headers().authorization ?? '';
      const tab = new URL(response.frame().page().url()).pathname;
      const token = bearer === `Bearer ${first}` ? 'the first token' : bearer;
      renewals.push(`${response.status()}: ${tab} renewed ${token}`);
    });
    const account = { email, token: first };
    const tabs = [
      await signedInTab(context, account),
      await signedInTab(context, account, '/about'),
    ];

    await context.clock.fastForward(6 * DAY_MS - 60_000);
    expect(renewals).toHaveLength(0);
    await context.clock.fastForward(2 * 60_000);

    await expect.poll(() => storedToken(tabs[0] as Page)).not.toBe(first);
    // Long enough for a tab that lost the race to take the winner's token (STORAGE_SETTLE_MS).
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const second = String(await storedToken(tabs[0] as Page));
    const report = renewals.join('\n');
    expect(
      renewals.filter((line) => line.startsWith('200:')),
      report,
    ).toHaveLength(1);
    for (const tab of tabs) {
      expect(await storedToken(tab), report).toBe(second);
      await avatar(tab, email).waitFor();
      expect(await tab.getByText('Session expired').count(), report).toBe(0);
    }
    expect(await meStatus(first)).toBe(401);
    expect(await meStatus(second)).toBe(200);

    // The second tab's calls now carry the new token: its account page loads.
    const other = tabs[1] as Page;
    await other.getByRole('banner').getByRole('link', { name: 'My files' }).click();
    await other.getByText(/You have no files yet/).waitFor();
    await context.close();
  });

  it('shows "Session expired" and the login dialog over the same page once the server ended the session', async () => {
    const email = `ended-${Date.now()}@example.com`;
    const token = await register(email);
    const context = await app.browser.newContext();
    const page = await signedInTab(context, { email, token }, '/account/files');
    await page.getByText(/You have no files yet/).waitFor();

    // Ended elsewhere (another device logged out, a password change…).
    await fetch(`${app.server.origin}/api/auth/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    await page
      .getByRole('navigation', { name: 'Account pages' })
      .getByRole('link', { name: 'Balance' })
      .click();

    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await dialog.getByText('Session expired').waitFor();
    expect(await page.getByText('Session expired').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/account/balance');
    expect(await storedToken(page)).toBeNull();

    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await avatar(page, email).waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/account/balance');
    await page.getByRole('heading', { name: 'Balance' }).waitFor();
    await context.close();
  });
});
