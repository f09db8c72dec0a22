/**
 * External sign-in in a real browser: Chromium goes through a real OpenID
 * Connect provider on loopback and back. No URL it visits carries a session token, and a crafted
 * callback link with someone's token in it signs nobody in.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestProvider } from '../packages/server/src/testing/oidc-test-provider';
import { appInBrowserWith } from './support/app-in-browser';

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
  const app = appInBrowserWith({
    start: startTestProvider,
    env: (provider) => ({
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: CLIENT.clientId,
      OIDC_CLIENT_SECRET: CLIENT.clientSecret,
      OIDC_NAME: 'Test ID',
    }),
    stop: (provider) => provider.close(),
  });
  describe('with the app registered at the provider', () => {
    beforeAll(() =>
      app.service.configure({
        client: { ...CLIENT, redirectUri: `${app.server.origin}/api/auth/oidc/callback` },
        accounts: { ada: { email: 'ada@example.com', emailVerified: true } },
      }),
    );

    it('signs in through the provider without a token in any URL; a crafted callback link signs nobody in', async () => {
      const context = await app.browser.newContext();
      const page = await context.newPage();
      const visited: string[] = [];
      page.on('request', (request) => visited.push(request.url()));

      await page.goto(app.server.origin);
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
      expect(app.server.logs.join('')).not.toContain(signedIn.token);

      // An attacker mails the victim a callback link carrying the attacker's own valid token.
      const victim = await (await app.browser.newContext()).newPage();
      await victim.goto(
        `${app.server.origin}/auth/callback?success=true&token=${encodeURIComponent(String(signedIn.token))}`,
      );
      await victim.getByText('Invalid authentication response.').waitFor();
      expect(new URL(victim.url()).searchParams.has('token')).toBe(false);
      expect(await session(victim)).toEqual({ token: null, email: null });
    });
  });
});
