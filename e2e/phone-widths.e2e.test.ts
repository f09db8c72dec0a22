/**
 * Phones, in Chromium: no page and no state scrolls sideways at 320, 360, 390 and 414 px, with
 * long file names everywhere (a 73-character name with hyphens, a 68-character one with no place
 * to break at all). Each state is set up once and measured at every width
 * (`document.documentElement.scrollWidth` against the viewport, and open dialogs against the
 * screen); long names wrap or are cut with the whole name still there (visible, or in a title).
 */
import { randomBytes } from 'node:crypto';
import { buildFragment } from '@sealdrop/core/crypto/fragment';
import { buildProtectedFragment, protectSecrets } from '@sealdrop/core/crypto/passphrase';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';
import { randomFile } from './support/files';
import { breaksInsideWords, overflowAtPhoneWidths, PHONE_WIDTHS } from './support/overflow';
import { READY_TEXT, readyShareLink } from './support/share-link';

/** Hyphenated, as people name files: it may wrap at its hyphens, never inside a word. */
const LONG = 'Quarterly-Financial-Report-for-the-Board-of-Directors-Final-Version-2.pdf';
/** 68 characters and not one place to break: it must be cut or broken, never widen the page. */
const UNBROKEN = `${'Holidayphotos'.repeat(5).slice(0, 64)}.zip`;
const PASSWORD = 'Sealdrop-phone-1';
const PHONE = { width: PHONE_WIDTHS[0], height: 740 };

/** Resolves when `release` is called: holds requests to show a state that usually flashes by. */
function gate() {
  let release: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { opened, release };
}

async function signedInContext(browser: Browser, origin: string): Promise<BrowserContext> {
  const response = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `phone-${Date.now()}-${Math.random()}@example.com`,
      password: PASSWORD,
    }),
  });
  const token = (await response.json()).data.token as string;
  const context = await browser.newContext({ viewport: PHONE });
  await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
  return context;
}

/** What did not fit, state by state: a test checks many and reports them all at the end. */
function collector() {
  const problems: string[] = [];
  const check = async (page: Page, state: string) => {
    problems.push(...(await overflowAtPhoneWidths(page, state)));
  };
  return { problems, check };
}

describe('phone widths in Chromium', () => {
  const app = appInBrowser();

  it('fits the home page idle, with a file chosen, uploading and done, and the recipient waiting, ready, locked and refused', async () => {
    const { problems, check } = collector();
    expect(UNBROKEN).toHaveLength(68);
    const context = await app.browser.newContext({ viewport: PHONE });
    const presign = gate();
    const storage = gate();
    await context.route(
      (url) => url.pathname === '/api/tiny/instant',
      async (route) => {
        await presign.opened;
        await route.continue();
      },
    );
    await context.route(
      (url) => url.pathname.startsWith('/api/storage/'),
      async (route) => {
        await storage.opened;
        await route.continue();
      },
    );
    const home = await context.newPage();
    await home.goto(app.server.origin);
    await home.getByText('Drop a file here or click to choose one').waitFor();
    await check(home, 'home, idle');

    await home.locator('input[type=file]').setInputFiles(randomFile(LONG, 300_000).path);
    const name = home.locator('.sd-upload-card__file-name');
    await name.waitFor();
    // Cut short on a phone, whole in its title.
    expect(await name.getAttribute('title')).toBe(LONG);
    await check(home, 'home, file chosen');

    presign.release();
    await home.getByText('Sending your file securely…').waitFor();
    const link = await home.getByLabel('Share link').inputValue();
    expect(link).toContain('#key=');
    await check(home, 'home, uploading with its link');

    const recipient = await app.browser.newPage({ viewport: PHONE });
    await recipient.goto(link);
    await recipient
      .getByText('The sender is still uploading this file.', { exact: false })
      .waitFor();
    await check(recipient, 'download page, waiting for the sender');

    storage.release();
    await home.getByText(READY_TEXT).waitFor({ timeout: 60_000 });
    await check(home, 'home, done with its link');

    await recipient.getByRole('button', { name: 'Download & Decrypt File' }).waitFor();
    await recipient.getByText(LONG, { exact: true }).waitFor();
    await check(recipient, 'download page, ready');

    // The same file behind a passphrase: "Protected file" and the prompt.
    const fileId = new URL(recipient.url()).pathname.split('/').pop() ?? '';
    const secrets = { rawKey: randomBytes(32), iv: randomBytes(12) };
    const locked = buildProtectedFragment(await protectSecrets(secrets, 'a phrase'));
    await recipient.goto(`${app.server.origin}/download/${fileId}#${locked}`);
    await recipient.getByLabel('Passphrase').waitFor();
    await recipient.getByText('Protected file', { exact: true }).waitFor();
    await check(recipient, 'download page, asking for the passphrase');

    // A key that does not open it: refused at once.
    await recipient.goto(`${app.server.origin}/download/${fileId}#${buildFragment(secrets)}`);
    await recipient
      .getByText('The key in the link does not open this file.', { exact: false })
      .waitFor();
    await check(recipient, 'download page, wrong key');
    await recipient.goto(`${app.server.origin}/download/abcdefghij12#${buildFragment(secrets)}`);
    await recipient.getByText('File not found or has expired.').waitFor();
    await check(recipient, 'download page, not found');
    await recipient.close();
    await context.close();
    expect(problems).toEqual([]);
  });

  it('fits a link of several files with long names, on the card and in the recipient list, breaking names only between words', async () => {
    const { problems, check } = collector();
    const context = await app.browser.newContext({ viewport: PHONE });
    const home = await context.newPage();
    await home.goto(app.server.origin);
    const files = [
      randomFile(LONG, 2000),
      randomFile(`Minutes-of-the-Annual-General-Meeting-${'2026'}-with-appendices.docx`, 3000),
      randomFile(UNBROKEN, 1000),
    ];
    await home.locator('input[type=file]').setInputFiles(files.map((file) => file.path));
    const link = await readyShareLink(home, 60_000);
    await check(home, 'home, several files done');

    const recipient = await context.newPage();
    await recipient.goto(link);
    const list = recipient.getByRole('list', { name: 'Files in this link' });
    await list.getByText(LONG, { exact: true }).waitFor();
    await list.getByText(UNBROKEN, { exact: true }).waitFor();
    await check(recipient, 'download page, several files');
    for (const width of PHONE_WIDTHS) {
      await recipient.setViewportSize({ width, height: 740 });
      const inside = await breaksInsideWords(recipient, '.link-files__name');
      // The unbroken name has no word boundary: it alone may break anywhere.
      const wrong = inside.filter((cut) => !UNBROKEN.includes(cut.replace('|', '')));
      expect(wrong, `names cut inside a word at ${width} px`).toEqual([]);
    }
    await context.close();
    expect(problems).toEqual([]);
  });

  it('fits My files with long names (keys here and elsewhere), settings, the static pages, the dialogs and the menu', async () => {
    const { problems, check } = collector();
    const sender = await signedInContext(app.browser, app.server.origin);
    const home = await sender.newPage();
    await home.goto(app.server.origin);
    for (const [name, encrypt] of [
      [LONG, true],
      [UNBROKEN, false],
    ] as const) {
      if (!encrypt) await home.getByLabel('Encrypt in my browser').uncheck();
      await home.locator('input[type=file]').setInputFiles(randomFile(name, 2000).path);
      await home.getByText(READY_TEXT).waitFor({ timeout: 60_000 });
      await home.getByRole('button', { name: 'Upload Another' }).click();
    }
    await home.goto(`${app.server.origin}/account/files`);
    const table = home.getByRole('table');
    await table.getByText(LONG, { exact: true }).waitFor();
    await table.getByText(UNBROKEN, { exact: true }).waitFor();
    expect(await table.locator(`[title="${LONG}"]`).count()).toBe(1);
    await check(home, 'My files, in the browser that uploaded them');
    // Nothing to scroll to inside the list either: Delete is on screen.
    for (const width of PHONE_WIDTHS) {
      await home.setViewportSize({ width, height: 740 });
      for (const button of await home.getByRole('button', { name: /^Delete / }).all()) {
        const box = await button.boundingBox();
        expect(box && box.x + box.width <= width, `Delete on screen at ${width} px`).toBe(true);
      }
    }

    // Another browser of the same account: the encrypted file's key is not here.
    const storage = await sender.storageState();
    const token = storage.origins[0]?.localStorage.find((item) => item.name === 'authToken');
    const elsewhere = await app.browser.newContext({ viewport: PHONE });
    await elsewhere.addInitScript(
      (value) => localStorage.setItem('authToken', value),
      token?.value ?? '',
    );
    const other = await elsewhere.newPage();
    await other.goto(`${app.server.origin}/account/files`);
    await other
      .getByText('The key for this link is only in the browser that uploaded it.')
      .waitFor();
    await check(other, 'My files, in another browser');
    await elsewhere.close();

    await home.goto(`${app.server.origin}/account/settings`);
    await home.getByText('Current email:').waitFor();
    await check(home, 'settings');

    await home.goto(`${app.server.origin}/account/balance`);
    await home.getByRole('heading', { name: 'Balance' }).first().waitFor();
    await check(home, 'balance');

    await home.getByRole('button', { name: 'Open menu' }).click();
    await home.getByRole('dialog', { name: 'Menu' }).waitFor();
    await check(home, 'the mobile menu, signed in');
    await sender.close();

    const guest = await app.browser.newPage({ viewport: PHONE });
    for (const [path, text] of [
      ['/about', 'Security architecture'],
      ['/mission', 'What we stand for'],
      ['/no/such/page', '404 - Page Not Found'],
      ['/s/', 'Invalid download link'],
      ['/verify-email', 'verif'],
      ['/reset-password', 'password'],
      ['/restore-email', 'Link missing'],
      ['/account/files', 'Log in to see your files.'],
    ] as const) {
      await guest.goto(`${app.server.origin}${path}`);
      await guest.getByText(text).first().waitFor();
      await check(guest, path);
    }
    await guest.goto(`${app.server.origin}/about`);
    await guest.getByRole('button', { name: 'Send feedback' }).click();
    await guest.getByRole('dialog').waitFor();
    await check(guest, 'the feedback dialog');
    await guest.keyboard.press('Escape');
    await guest.getByRole('button', { name: 'Open menu' }).click();
    await guest
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('button', { name: 'Sign Up' })
      .click();
    await guest.getByRole('dialog', { name: 'Create Account' }).waitFor();
    await check(guest, 'the sign-up dialog');
    await guest.close();
    expect(problems).toEqual([]);
  });
});
