/**
 * axe-core over every page, every modal and every state of the upload card finds no serious or
 * critical violation; the home flow works with the keyboard alone. The page sweep runs in Chromium
 * and in Firefox; dialogs, card states, the keyboard and the dark palette in Chromium only (see
 * their describe).
 */
import { randomBytes } from 'node:crypto';
import { buildFragment } from '@sealdrop/core/crypto/fragment';
import { buildProtectedFragment, protectSecrets } from '@sealdrop/core/crypto/passphrase';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';
import type { AppServer } from './support/app-server';
import { seriousViolations } from './support/axe';
import { type BrowserName, CORE_FLOW_BROWSERS } from './support/browsers';
import { randomFile } from './support/files';

const PASSWORD = 'Sealdrop-a11y-1';

async function expectNoSeriousViolations(page: Page, what: string) {
  const found = await seriousViolations(page);
  expect(found, `${what}: ${JSON.stringify(found, null, 2)}`).toEqual([]);
}

/**
 * A page that moves on by itself (the auth callback goes home 3 s after its error) is
 * judged as soon as its text is up, and again if it left while axe was still at work.
 */
async function expectNoSeriousViolationsBeforeItLeaves(page: Page, url: string, text: string) {
  const path = new URL(url).pathname;
  for (let attempt = 1; ; attempt += 1) {
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.getByText(text).first().waitFor();
    const found = await seriousViolations(page).catch(() => null); // null: it left mid-check
    if (found && new URL(page.url()).pathname === path) {
      expect(found, `${path}: ${JSON.stringify(found, null, 2)}`).toEqual([]);
      return;
    }
    if (attempt === 3) throw new Error(`${path} moved on before axe had judged it, 3 times`);
  }
}

/** A plain upload through the API; returns the file id. */
async function uploadPlain(server: AppServer, name: string, body: string) {
  const bytes = Buffer.from(body);
  const presign = await fetch(`${server.origin}/api/upload/presign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ filename: name, contentType: 'text/plain', size: bytes.length }),
  });
  const plan = (await presign.json()).data as {
    uploadUrl: string;
    objectKey: string;
    slug: string;
  };
  await fetch(plan.uploadUrl, { method: 'PUT', body: bytes });
  await fetch(`${server.origin}/api/upload/finalize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ objectKey: plan.objectKey }),
  });
  return plan.slug;
}

async function signedInContext(app: {
  server: AppServer;
  browser: Browser;
}): Promise<BrowserContext> {
  return (await signedInContextAndToken(app)).context;
}

async function signedInContextAndToken(app: {
  server: AppServer;
  browser: Browser;
}): Promise<{ context: BrowserContext; token: string }> {
  const context = await app.browser.newContext();
  const email = `a11y-${Date.now()}-${Math.random()}@example.com`;
  const response = await fetch(`${app.server.origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const token = (await response.json()).data.token as string;
  await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
  return { context, token };
}

/**
 * An encrypted upload presigned (its bytes never sent), by `token`'s account when given; its
 * sealed metadata opens with no key, as another browser's would not. Returns the file id.
 */
async function encryptedPresign(server: AppServer, token?: string): Promise<string> {
  const response = await fetch(`${server.origin}/api/upload/presign`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ encryptedMetadata: 'A'.repeat(380), size: 5, isEncrypted: true }),
  });
  return (await response.json()).data.slug as string;
}

/** The pages of the sweep (path, a text that shows it is drawn); the first five have a dark look. */
async function sweptPages(server: AppServer): Promise<[string, string][]> {
  const plain = await uploadPlain(server, 'notes.txt', 'hello');
  const pending = await fetch(`${server.origin}/api/upload/presign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ filename: 'later.txt', contentType: 'text/plain', size: 5 }),
  });
  const waiting = (await pending.json()).data.slug as string;
  return [
    ['/', 'Share files privately'],
    ['/mission', 'Mission'],
    ['/about', 'About'],
    [`/download/${plain}`, 'Download File'],
    [`/download/${waiting}#key=${'A'.repeat(43)}&iv=${'A'.repeat(16)}`, 'still uploading'],
    ['/download/abcdefghij12', 'File not found'],
    ['/s/', 'Invalid download link'],
    ['/auth/callback', 'Invalid authentication response.'],
    ['/verify-email', ''],
    ['/reset-password', ''],
    ['/account/files', 'Log in to see'],
    ['/no/such/page', ''],
  ];
}

describe.each(CORE_FLOW_BROWSERS)('accessibility in %s', (browserName: BrowserName) => {
  const app = appInBrowser({}, browserName);

  it('finds nothing serious on any page, signed out and signed in', async () => {
    const pages = await sweptPages(app.server);
    const guest = await app.browser.newPage();
    for (const [path, text] of pages) {
      if (path === '/auth/callback') {
        await expectNoSeriousViolationsBeforeItLeaves(guest, `${app.server.origin}${path}`, text);
        continue;
      }
      await guest.goto(`${app.server.origin}${path}`, { waitUntil: 'networkidle' });
      if (text) await guest.getByText(text).first().waitFor();
      await expectNoSeriousViolations(guest, path);
    }
    await guest.close();

    const context = await signedInContext(app);
    const member = await context.newPage();
    for (const path of ['/', '/account/files', '/account/balance', '/account/settings']) {
      await member.goto(`${app.server.origin}${path}`, { waitUntil: 'networkidle' });
      await expectNoSeriousViolations(member, `${path} (signed in)`);
    }
    await context.close();
  });
});

/**
 * Chromium only: axe's run over an open dialog or the upload card crashes Firefox 153's content
 * process here every time (the browser then shuts down), Firefox over WebDriver BiDi cannot emulate
 * a colour scheme, and it has no clipboard permissions to grant. Firefox's sweep above covers every
 * page.
 */
describe('accessibility of dialogs, menus, the upload card, the keyboard and the dark palette, in Chromium only (axe crashes Firefox there; no colour-scheme emulation or clipboard grant)', () => {
  const app = appInBrowser();

  it('uploads and copies the link with the keyboard alone', async () => {
    const context = await app.browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: app.server.origin,
    });
    const page = await context.newPage();
    await page.goto(app.server.origin, { waitUntil: 'networkidle' });
    const file = randomFile('keys-only.txt', 5000);

    // Tab from the top of the page to the file picker, open it with Enter.
    let opened = false;
    page.once('filechooser', (chooser) => {
      opened = true;
      void chooser.setFiles(file.path);
    });
    for (let i = 0; i < 40 && !opened; i += 1) {
      await page.keyboard.press('Tab');
      const onFileInput = await page.evaluate(
        () => (document.activeElement as HTMLInputElement | null)?.type === 'file',
      );
      if (onFileInput) {
        await page.keyboard.press('Enter');
        await page.waitForTimeout(300);
      }
    }
    expect(opened).toBe(true);
    await page.getByText('Your file is ready. Copy or share the link anywhere.').waitFor();

    // Then to Copy, pressed with Enter.
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press('Tab');
      const name = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
      if (name === 'Copy') break;
    }
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Copy');
    await page.keyboard.press('Enter');
    await page.getByText('Link copied').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await page.getByLabel('Share link').inputValue());
    await context.close();
  });

  it('finds nothing serious in any modal', async () => {
    const page = await app.browser.newPage();
    await page.goto(app.server.origin, { waitUntil: 'networkidle' });
    const bar = page.getByRole('banner');

    await bar.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('dialog', { name: 'Log In' }).waitFor();
    await expectNoSeriousViolations(page, 'Log In dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('dialog', { name: 'Reset your password' }).waitFor();
    await expectNoSeriousViolations(page, 'Reset your password dialog');
    await page.keyboard.press('Escape');

    await bar.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('dialog', { name: 'Create Account' }).waitFor();
    await expectNoSeriousViolations(page, 'Create Account dialog');
    await page.keyboard.press('Escape');

    // A guest's wallet picker: a note and Log In.
    await bar.getByRole('button', { name: 'Connect Wallet' }).click();
    await bar.getByText('A wallet is linked to an account. Log in to link yours.').waitFor();
    await expectNoSeriousViolations(page, "a guest's wallet picker");
    await page.keyboard.press('Escape');

    // Not on the home page: elsewhere.
    await page.goto(`${app.server.origin}/about`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByRole('dialog').waitFor();
    await expectNoSeriousViolations(page, 'Feedback dialog');
    await page.keyboard.press('Escape');
    await page.close();
  });

  it('finds nothing serious in the account menu and in My files with a key held elsewhere', async () => {
    const { context, token } = await signedInContextAndToken(app);
    // A file of this account whose key this browser does not hold: no Copy link, a note.
    await encryptedPresign(app.server, token);
    const member = await context.newPage();
    await member.goto(`${app.server.origin}/account/files`, { waitUntil: 'networkidle' });
    await member
      .getByText('The key for this link is only in the browser that uploaded it.')
      .waitFor();
    await expectNoSeriousViolations(member, 'My files, key elsewhere');
    await member
      .getByRole('banner')
      .getByRole('button', { name: /^Account menu for / })
      .click();
    await member.getByRole('menu', { name: 'Account' }).waitFor();
    await expectNoSeriousViolations(member, 'the account menu');
    await context.close();
  });

  it('finds nothing serious in the download page refusing a wrong key or asking for a passphrase', async () => {
    const fileId = await encryptedPresign(app.server);
    const secrets = { rawKey: randomBytes(32), iv: randomBytes(12) };
    const page = await app.browser.newPage();
    await page.goto(`${app.server.origin}/download/${fileId}#${buildFragment(secrets)}`);
    await page
      .getByText('The key in the link does not open this file.', { exact: false })
      .waitFor();
    await expectNoSeriousViolations(page, 'wrong key');
    const locked = buildProtectedFragment(await protectSecrets(secrets, 'a phrase'));
    await page.goto(`${app.server.origin}/download/${fileId}#${locked}`);
    await page.getByText('Protected file', { exact: true }).waitFor();
    await expectNoSeriousViolations(page, 'passphrase prompt');
    await page.close();
  });

  it('finds nothing serious in the upload card while uploading, ready, failed and in the share notice', async () => {
    const context = await app.browser.newContext();
    let failNext = false;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route(
      (url) => url.pathname === '/api/upload/presign',
      async (route) => {
        if (failNext) {
          return route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ status: 'error', message: 'Storage quota reached' }),
          });
        }
        return route.continue();
      },
    );
    await context.route(
      (url) => url.pathname.startsWith('/api/storage/'),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    const page = await context.newPage();
    await page.goto(app.server.origin, { waitUntil: 'networkidle' });
    await page.locator('input[type=file]').setInputFiles(randomFile('card.bin', 300_000).path);
    await page.getByText('Sending your file securely…').waitFor();
    await expectNoSeriousViolations(page, 'card uploading');
    release();
    await page.getByText('Your file is ready. Copy or share the link anywhere.').waitFor();
    await expectNoSeriousViolations(page, 'card ready');
    await page.getByRole('link', { name: 'WhatsApp' }).click();
    await page.getByRole('dialog', { name: 'Share with WhatsApp?' }).waitFor();
    await expectNoSeriousViolations(page, 'share notice');
    await page.getByRole('button', { name: 'Cancel' }).click();

    failNext = true;
    await page.getByRole('button', { name: 'Upload Another' }).click();
    await page.locator('input[type=file]').setInputFiles(randomFile('fail.bin', 1000).path);
    await page.getByText('This link will not work: the upload did not finish.').waitFor();
    await expectNoSeriousViolations(page, 'card failed');
    await context.close();
  });

  it('finds nothing serious on the main pages with prefers-color-scheme: dark', async () => {
    const pages = await sweptPages(app.server);
    const dark = await app.browser.newPage({ colorScheme: 'dark' });
    for (const [path, text] of pages.slice(0, 5)) {
      await dark.goto(`${app.server.origin}${path}`, { waitUntil: 'networkidle' });
      if (text) await dark.getByText(text).first().waitFor();
      // Light again here meant another connection to the same browser had reset the page's
      // emulation; each Vitest worker has a Chromium of its own since (support/browser.ts).
      expect(await dark.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(
        true,
      );
      await expectNoSeriousViolations(dark, `${path} (dark)`);
    }
    await dark.close();
  });
});
