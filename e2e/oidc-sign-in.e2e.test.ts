/**
 * External sign-in in a real browser: Chromium goes through a real OpenID
 * Connect provider on loopback and back. No URL it visits carries a session token, and a crafted
 * callback link with someone's token in it signs nobody in.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestProvider,
  type TestProvider,
} from '../packages/server/src/testing/oidc-test-provider';
import { type AppServer, startAppServer } from './support/app-server';
import { connectBrowser } from './support/browser';

const CLIENT = { clientId: 'sealdrop-e2e', clientSecret: 'sealdrop-e2e-client-secret' };

/** The token a page stored and the user it names, as the app would ask for it. */
function session(page: Page) {
  return page.evaluate(async () => {
    const token = localStorage.getItem('authToken');
    if (!token) return { token: null, email: null };
    const response = await fetch('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
    const email = response.ok ? (await response.json()).data.user.email : null;
    return { token, email };
  });
}

describe('external sign-in in Chromium', () => {
  let provider: TestProvider;
  let server: AppServer;
  let browser: Browser;
  beforeAll(async () => {
    provider = await startTestProvider();
    [server, browser] = await Promise.all([
      startAppServer({
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: CLIENT.clientId,
        OIDC_CLIENT_SECRET: CLIENT.clientSecret,
        OIDC_NAME: 'Test ID',
      }),
      connectBrowser(),
    ]);
    await provider.configure({
      client: { ...CLIENT, redirectUri: `${server.origin}/api/auth/oidc/callback` },
      accounts: { ada: { email: 'ada@example.com', emailVerified: true } },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await provider?.close();
  });

  it('signs in through the provider without a token in any URL; a crafted callback link signs nobody in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const visited: string[] = [];
    page.on('request', (request) => visited.push(request.url()));

    await page.goto(server.origin);
    await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
    await page
      .getByRole('dialog', { name: 'Log In' })
      .getByRole('button', { name: 'Continue with Test ID' })
      .click();
    // oidc-provider's development login and consent forms.
    await page.locator('input[name="login"]').fill('ada');
    await page.locator('input[name="password"]').fill('any');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]', { hasText: 'Continue' }).click();

    await page.getByText("You're signed in").waitFor();
    const signedIn = await session(page);
    expect(signedIn.email).toBe('ada@example.com');
    expect(signedIn.token).toBeTruthy();
    expect(visited.some((url) => url.includes(`/auth/callback?success=true`))).toBe(true);
    for (const url of visited) {
      expect(url).not.toContain(signedIn.token);
      expect(new URL(url).searchParams.has('token')).toBe(false);
    }
    expect(server.logs.join('')).not.toContain(signedIn.token);

    // An attacker mails the victim a callback link carrying the attacker's own valid token.
    const victim = await (await browser.newContext()).newPage();
    await victim.goto(
      `${server.origin}/auth/callback?success=true&token=${encodeURIComponent(String(signedIn.token))}`,
    );
    await victim.getByText('Invalid authentication response.').waitFor();
    expect(new URL(victim.url()).searchParams.has('token')).toBe(false);
    expect(await session(victim)).toEqual({ token: null, email: null });
  });
});
