/**
 * Sharing to WhatsApp or Telegram hands the whole link, key included, to that company,
 * which the user must hear first. In Chromium: the first share per service asks first, Cancel sends nothing, Continue
 * opens the service with the link, and later shares go straight through.
 */
import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';
import { randomFile } from './support/files';
import { readyShareLink } from './support/share-link';

describe('third-party share notice in Chromium', () => {
  const app = appInBrowser();

  it('asks once per service before the link and its key go to WhatsApp', async () => {
    const context = await app.browser.newContext();
    // No internet here: the service answers with a stub page, and every visit is recorded.
    const visits: string[] = [];
    await context.route(/^https:\/\/(wa\.me|t\.me)\//, (route) => {
      visits.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<title>service</title>' });
    });
    const page = await context.newPage();
    await page.goto(app.server.origin);
    await page.locator('input[type=file]').setInputFiles(randomFile('share.bin', 4096).path);
    const link = await readyShareLink(page);
    const expected = `https://wa.me/?text=${encodeURIComponent(link)}`;

    await page.getByRole('link', { name: 'WhatsApp' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share with WhatsApp?' });
    await dialog.getByText('This sends the full link, including its key, to WhatsApp.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(visits).toEqual([]);
    expect(context.pages()).toHaveLength(1);

    await page.getByRole('link', { name: 'WhatsApp' }).click();
    const popup = context.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await (await popup).waitForLoadState();
    expect(visits).toEqual([expected]);

    // Once per browser: the second share opens at once; Telegram still asks.
    const second = context.waitForEvent('page');
    await page.getByRole('link', { name: 'WhatsApp' }).click();
    await (await second).waitForLoadState();
    expect(visits).toEqual([expected, expected]);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('link', { name: 'Telegram' }).click();
    await page.getByRole('dialog', { name: 'Share with Telegram?' }).waitFor();
    await context.close();
  });
});
