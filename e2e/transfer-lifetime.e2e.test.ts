/**
 * A shared link never dies by accident (docs/uploads.md, "An upload outlives the page it started
 * on"): the upload goes on while the sender moves between the app's pages, with its progress in
 * the top bar; "Upload Another" starts the next one beside it; leaving the site while it runs
 * asks first. In Chromium and in Firefox.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';
import { CORE_FLOW_BROWSERS } from './support/browsers';
import { saveDecrypted } from './support/download';
import { randomFile } from './support/files';
import { READY_TEXT, readyShareLink } from './support/share-link';

/** Holds the sender's byte uploads back until released, as a slow uplink would. */
async function slowUplink(context: BrowserContext) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route(
    (url) => url.pathname.startsWith('/api/storage/'),
    async (route) => {
      if (route.request().method() === 'PUT') await released;
      await route.continue();
    },
  );
  return release;
}

async function pickFile(page: Page, path: string) {
  // A minute: on a loaded machine the page can be busy sealing the running upload's parts.
  await page.locator('input[type=file]').setInputFiles(path, { timeout: 60_000 });
}

/** The share link as soon as the card shows it (before the transfer ends). */
async function earlyLink(page: Page, nth = 0): Promise<string> {
  const field = page.getByLabel('Share link').nth(nth);
  await expect.poll(() => field.inputValue(), { timeout: 30_000 }).toMatch(/\/s\/\w+#key=/);
  return field.inputValue();
}

describe.each(CORE_FLOW_BROWSERS)(
  'an upload outlives the page it started on, in %s',
  (browserName) => {
    const app = appInBrowser({}, browserName);

    it('keeps uploading on About with its progress in the top bar, and home shows it finished', async () => {
      const file = randomFile('holiday.mov', 24 * 1024 * 1024);
      const sender = await app.browser.newContext();
      const release = await slowUplink(sender);
      const page = await sender.newPage();
      await page.goto(app.server.origin);
      await pickFile(page, file.path);
      const link = await earlyLink(page);

      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'About' })
        .click();
      await page.waitForURL(/\/about$/);
      const progress = page.getByRole('progressbar', { name: 'Uploading' });
      await progress.waitFor({ timeout: 15_000 });
      expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThan(100);
      expect(await page.getByRole('link', { name: /Uploading \d+%/ }).count()).toBe(1);
      release();

      // The bar goes once the upload is done; home shows its card, ready, with the same link.
      await progress.waitFor({ state: 'detached', timeout: 90_000 });
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Home' })
        .click();
      expect(await readyShareLink(page, 30_000)).toBe(link);

      const recipient = await app.browser.newContext({ acceptDownloads: true });
      const saved = await saveDecrypted(await recipient.newPage(), link);
      expect(saved.sha256).toBe(file.sha256);
      await sender.close();
      await recipient.close();
    });

    it('fits the top bar with its progress on a 320 px phone, reached through the menu', async () => {
      const file = randomFile(
        'a-rather-long-name-for-a-holiday-video-from-lisbon.mov',
        8 * 1024 * 1024,
      );
      const sender = await app.browser.newContext({ viewport: { width: 320, height: 640 } });
      const release = await slowUplink(sender);
      const page = await sender.newPage();
      await page.goto(app.server.origin);
      await pickFile(page, file.path);
      await earlyLink(page);

      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'About' }).click();
      await page.waitForURL(/\/about$/);
      await page.getByRole('progressbar', { name: 'Uploading' }).waitFor({ timeout: 15_000 });
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
      }));
      expect(widths.page).toBeLessThanOrEqual(widths.viewport);
      release();
      await sender.close();
    });

    it('starts the next upload beside a running one on "Upload Another", and both links work', async () => {
      const first = randomFile('first.bin', 20 * 1024 * 1024);
      const second = randomFile('second.bin', 300 * 1024);
      const sender = await app.browser.newContext();
      const release = await slowUplink(sender);
      const page = await sender.newPage();
      await page.goto(app.server.origin);
      await pickFile(page, first.path);
      const firstLink = await earlyLink(page);

      await page.getByRole('button', { name: 'Upload Another' }).click();
      // The running upload's card stays; the picker comes beside it.
      await page.getByText('Drop a file here or click to choose one').waitFor();
      expect(await page.getByText('Upload Status').count()).toBe(1);
      await pickFile(page, second.path);
      const secondLink = await earlyLink(page, 1);
      expect(secondLink).not.toBe(firstLink);
      release();

      await expect.poll(() => page.getByText(READY_TEXT).count(), { timeout: 90_000 }).toBe(2);
      const recipient = await app.browser.newContext({ acceptDownloads: true });
      const download = await recipient.newPage();
      expect((await saveDecrypted(download, firstLink)).sha256).toBe(first.sha256);
      expect((await saveDecrypted(download, secondLink)).sha256).toBe(second.sha256);
      await sender.close();
      await recipient.close();
    });

    it('asks "leave site?" when the tab closes during an upload, and not once it is done', async () => {
      const file = randomFile('notes.bin', 300 * 1024);
      const sender = await app.browser.newContext();
      const release = await slowUplink(sender);
      const page = await sender.newPage();
      await page.goto(app.server.origin);
      // A page the person never touched may close without asking: click into it first.
      await page.getByRole('heading', { level: 1 }).click();
      await pickFile(page, file.path);
      await earlyLink(page);

      const asked: string[] = [];
      page.on('dialog', (dialog) => {
        asked.push(dialog.type());
        void dialog.dismiss();
      });
      await page.close({ runBeforeUnload: true });
      await expect.poll(() => asked, { timeout: 10_000 }).toEqual(['beforeunload']);
      expect(page.isClosed()).toBe(false);

      release();
      await readyShareLink(page);
      const closed = page.waitForEvent('close');
      await page.close({ runBeforeUnload: true });
      await closed;
      expect(asked).toEqual(['beforeunload']);
      await sender.close();
    });
  },
);
