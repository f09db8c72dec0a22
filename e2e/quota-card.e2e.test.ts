/**
 * A used-up daily quota, in Chromium: the server allows one anonymous upload per address a day,
 * and the home page's card shows presign's refusal of the second word for word.
 */
import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';
import { randomFile } from './support/files';
import { readyShareLink } from './support/share-link';

const QUOTA_TEXT =
  /^You have reached today's upload limit of 1 upload\. It resets at \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/;

describe('the daily quota on the home page, in Chromium', () => {
  const app = appInBrowser({ ANON_DAILY_UPLOADS: '1' });

  it("shows the quota's refusal on the card once today's uploads are used up", async () => {
    const page = await app.browser.newPage();
    await page.goto(app.server.origin);
    await page.locator('input[type=file]').setInputFiles(randomFile('first.bin', 20_000).path);
    await readyShareLink(page);

    await page.getByRole('button', { name: 'Upload Another' }).click();
    await page.locator('input[type=file]').setInputFiles(randomFile('second.bin', 20_000).path);
    await page.getByText('Upload failed').waitFor();
    const alert = page.getByRole('alert').filter({ hasText: 'upload limit' });
    expect((await alert.textContent())?.trim()).toMatch(QUOTA_TEXT);
    await page.close();
  });
});
