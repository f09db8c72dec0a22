/**
 * Where focus goes when a dialog's work replaces the button that opened it: signing up or
 * logging in from the top bar swaps Log In / Sign Up for the account's controls, and focus moves
 * to those (the first one drawn) rather than falling to the page's body, where a keyboard or
 * screen reader user would start over from the top.
 */
import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';
import { CORE_FLOW_BROWSERS } from './support/browsers';
import { typeInto } from './support/typing';

describe.each(CORE_FLOW_BROWSERS)('focus after the auth dialog in %s', (browserName) => {
  const app = appInBrowser({}, browserName);

  it('moves to the top bar\'s "My files" after signing up, and again after logging in', async () => {
    const email = `focus-${browserName.toLowerCase()}-${Date.now()}@example.com`;
    const password = 'Sealdrop-e2e-1';
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(app.server.origin);
    const bar = page.getByRole('banner');
    const myFiles = bar.getByRole('link', { name: 'My files' });
    const focused = () => myFiles.evaluate((link) => link === document.activeElement);

    await bar.getByRole('button', { name: 'Sign Up' }).click();
    const signUp = page.getByRole('dialog', { name: 'Create Account' });
    await typeInto(signUp.getByLabel('Email'), email);
    await typeInto(signUp.getByLabel('Password', { exact: true }), password);
    await typeInto(signUp.getByLabel('Confirm Password'), password);
    await signUp.getByRole('button', { name: 'Sign Up' }).click();
    await signUp.waitFor({ state: 'detached' });
    await expect.poll(focused).toBe(true);

    await bar.getByRole('button', { name: `Account menu for ${email}` }).click();
    await bar.getByRole('menuitem', { name: 'Log out' }).click();
    await bar.getByRole('button', { name: 'Log In' }).click();
    const logIn = page.getByRole('dialog', { name: 'Log In' });
    await typeInto(logIn.getByLabel('Email'), email);
    await typeInto(logIn.getByLabel('Password', { exact: true }), password);
    await logIn.getByRole('button', { name: 'Log In' }).click();
    await logIn.waitFor({ state: 'detached' });
    await expect.poll(focused).toBe(true);
    await context.close();
  });
});
