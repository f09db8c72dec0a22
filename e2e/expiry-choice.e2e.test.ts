/**
 * The sender's expiry choice in Chromium: the sender picks "1 hour"; the card and the recipient's page show
 * that expiry. (The server's enforcement moves a test clock: expiry-choice.api.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';
import { randomFile } from './support/files';

describe('expiry chosen by the sender, in Chromium', () => {
  const app = appInBrowser();

  it('makes a one-hour link and says so on the card and the download page', async () => {
    const page = await app.browser.newPage();
    await page.goto(app.server.origin);
    await page.getByLabel('Expires after').selectOption({ label: '1 hour' });
    await page.locator('input[type=file]').setInputFiles(randomFile('hour.bin', 2048).path);
    await page.getByText('Your file is ready. Copy or share the link anywhere.').waitFor();
    await page.getByText('Expires in 1 hour').waitFor();
    const link = await page.getByLabel('Share link').inputValue();

    const recipient = await app.browser.newPage();
    await recipient.goto(link);
    await recipient.getByRole('button', { name: 'Download & Decrypt File' }).waitFor();
    await recipient.getByText('Expires in 1 hour').waitFor();
    expect(await recipient.getByText('Expires in 24 hours').count()).toBe(0);
    await page.close();
    await recipient.close();
  });
});
