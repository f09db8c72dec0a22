import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';
import { randomFile } from './support/files';

describe('accounts in Chromium', () => {
  const app = appInBrowser();

  it('registers (saying a verification mail was sent), keeps the session, lists and deletes an upload, logs out from the avatar menu and in, changes the password', async () => {
    const email = `e2e-${Date.now()}@example.com`;
    const password = 'Sealdrop-e2e-1';
    const context = await app.browser.newContext();
    const page = await context.newPage();
    await page.goto(app.server.origin);
    const bar = page.getByRole('banner');
    const avatar = bar.getByText('E', { exact: true });

    // Sign up through the modal.
    await bar.getByRole('button', { name: 'Sign Up' }).click();
    const signUp = page.getByRole('dialog', { name: 'Create Account' });
    await signUp.getByLabel('Email').fill(email);
    await signUp.getByLabel('Password', { exact: true }).fill(password);
    await signUp.getByLabel('Confirm Password').fill(password);
    await signUp.getByText('Passwords match').waitFor();
    // The server mails the verification link as the account is made: the page says so (for a
    // few seconds, so the wait starts with the click).
    const notice = page
      .getByRole('status')
      .filter({ hasText: 'Check your inbox to confirm your email address.' })
      .waitFor();
    await signUp.getByRole('button', { name: 'Sign Up' }).click();
    await notice;
    await avatar.waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // A reload keeps the session.
    await page.reload();
    await avatar.waitFor();
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    expect(token).toBeTruthy();

    // Upload while signed in: the upload calls carry the bearer token, so the file is ours.
    const file = randomFile('account notes.txt', 50_000);
    await page.getByLabel('Encrypt in my browser').uncheck();
    await page.locator('input[type=file]').setInputFiles(file.path);
    await page
      .getByText('Your file is ready. Copy or share the link anywhere.')
      .waitFor({ timeout: 60_000 });

    // It shows under My files, and can be deleted there.
    await bar.getByRole('link', { name: 'My files' }).click();
    await page.waitForURL(`${app.server.origin}/account/files`);
    const table = page.getByRole('table');
    await table.getByText('account notes.txt').waitFor();
    await table.getByText('Ready').waitFor();
    await page.getByRole('button', { name: 'Delete account notes.txt' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this file?' })
      .getByRole('button', { name: 'Delete file' })
      .click();
    await page.getByText(/You have no files yet/).waitFor();
    const listed = await fetch(`${app.server.origin}/api/files/my-files`, {
      headers: { Authorization: `Bearer ${token}` },
    }).then((response) => response.json());
    expect(listed.data.total).toBe(0);

    // Clicking the avatar opens the account menu, signing out of nothing; keyboard works it too.
    await avatar.click();
    const menu = bar.getByRole('menu', { name: 'Account' });
    await menu.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(token);
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'My files',
      'Settings',
      'Log out',
    ]);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    expect(await avatar.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await menu.getByRole('menuitem', { name: 'My files' }).waitFor();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    // "Log out" logs out; the token is gone and revoked.
    await bar.getByRole('button', { name: 'Log In' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await page.getByText('Log in to see your files.').waitFor();
    const me = await fetch(`${app.server.origin}/api/auth/me`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(401);

    // Log in again.
    await bar.getByRole('button', { name: 'Log In' }).click();
    const logIn = page.getByRole('dialog', { name: 'Log In' });
    await logIn.getByLabel('Email').fill(email);
    await logIn.getByLabel('Password').fill(password);
    await logIn.getByRole('button', { name: 'Log In' }).click();
    await avatar.waitFor();
    await page.getByText(/You have no files yet/).waitFor();

    // Change the password in Settings, sign out there, and log in with the new password.
    const newPassword = 'Sealdrop-e2e-2';
    await page
      .getByRole('navigation', { name: 'Account pages' })
      .getByRole('link', { name: 'Settings' })
      .click();
    const passwordForm = page.getByRole('region', { name: 'Password' });
    await passwordForm.getByLabel('Current password').fill(password);
    await passwordForm.getByLabel('New password', { exact: true }).fill(newPassword);
    await passwordForm.getByLabel('Confirm new password').fill(newPassword);
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await passwordForm.getByText('Password changed. Other devices were signed out.').waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
    await bar.getByRole('button', { name: 'Log In' }).click();
    await logIn.getByLabel('Email').fill(email);
    await logIn.getByLabel('Password').fill(newPassword);
    await logIn.getByRole('button', { name: 'Log In' }).click();
    await avatar.waitFor();
    await page.getByText('Current email:').waitFor();
    await context.close();
  });
});
