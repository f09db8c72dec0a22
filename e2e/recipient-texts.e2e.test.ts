/**
 * What a recipient is told, in Chromium on a default install (no token configured): nothing about
 * the uploader's reward, and only words that are true of this link — its own expiry, "Protected
 * file" until unlocked, a wrong key said before any download, the name a zip was really saved
 * under, and the same size the sender saw.
 */
import { randomBytes } from 'node:crypto';
import { parseFragment } from '@sealdrop/core/crypto/fragment';
import { buildProtectedFragment, protectSecrets } from '@sealdrop/core/crypto/passphrase';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';
import { saveDecrypted } from './support/download';
import { randomFile, randomFolder } from './support/files';
import { recordRequests } from './support/requests';
import { readyShareLink } from './support/share-link';

const REWARD_PATH = '/api/solana/reward-file-download';
const REWARD_FAILED = 'Failed to process download reward';

describe('what the recipient is told, in Chromium', () => {
  const app = appInBrowser();

  /** Shares `path` from the home page (`choose` sets the options first); answers the link. */
  async function share(path: string, choose: (page: Page) => Promise<unknown> = async () => {}) {
    const page = await app.browser.newPage();
    await page.goto(app.server.origin);
    await choose(page);
    await page.locator('input[type=file]').setInputFiles(path);
    const link = await readyShareLink(page, 60_000);
    return { page, link };
  }

  it('asks for no reward and shows no reward error after an encrypted or a plain download, where no token is configured', async () => {
    const encrypted = await share(randomFile('report.bin', 200_000).path);
    const plain = await share(randomFile('plain.txt', 5_000).path, (page) =>
      page.getByLabel('Encrypt in my browser').uncheck(),
    );
    await encrypted.page.close();
    await plain.page.close();

    const context = await app.browser.newContext({ acceptDownloads: true });
    const seen = recordRequests(context);
    const page = await context.newPage();
    await saveDecrypted(page, encrypted.link);
    await page.getByText('File decrypted and saved as report.bin.').waitFor();

    await page.goto(plain.link);
    const saved = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download File' }).click();
    expect(await (await saved).failure()).toBeNull();
    // The plain download would be reported 3 s after the click (PLAIN_REWARD_DELAY_MS).
    await page.waitForTimeout(4000);
    expect(await page.getByText(REWARD_FAILED).count()).toBe(0);
    expect(seen.filter((request) => new URL(request.url).pathname === REWARD_PATH)).toEqual([]);
    await context.close();
  });

  it("says when a one-hour link's file is deleted from its own expiry, never 24 hours", async () => {
    const { page, link } = await share(randomFile('hour.bin', 2048).path, (home) =>
      home.getByLabel('Expires after').selectOption({ label: '1 hour' }),
    );
    await page.getByText('Expires in 1 hour').waitFor();
    await page.close();

    const recipient = await app.browser.newPage();
    await recipient.goto(link);
    await recipient.getByText('This file will be deleted automatically in 1 hour.').waitFor();
    const text = (await recipient.locator('body').textContent()) ?? '';
    expect(text).not.toMatch(/after 24 hours/);
    expect(text).not.toMatch(/Expires in 24 hours/);
    await recipient.close();
  });

  it('calls a passphrase link\'s file "Protected file" until it is unlocked', async () => {
    const { page, link } = await share(randomFile('Lisbon-itinerary.pdf', 3000).path);
    await page.close();
    const url = new URL(link);
    const secrets = parseFragment(url.hash);
    if (!secrets) throw new Error('the link carries no key');
    url.hash = buildProtectedFragment(await protectSecrets(secrets, 'tram 28 to Alfama'));

    const recipient = await app.browser.newPage();
    await recipient.goto(url.toString());
    await recipient.getByLabel('Passphrase').waitFor();
    await recipient.getByText('Protected file', { exact: true }).waitFor();
    expect(await recipient.getByText('downloaded-file').count()).toBe(0);
    await recipient.getByLabel('Passphrase').pressSequentially('tram 28 to Alfama');
    await recipient.getByRole('button', { name: 'Unlock' }).click();
    await recipient.getByText('Lisbon-itinerary.pdf', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await recipient.getByText('Protected file').count()).toBe(0);
    await recipient.close();
  });

  it("says at once that a link's key is wrong, before anything is downloaded", async () => {
    const { page, link } = await share(randomFile('contract.pdf', 3000).path);
    await page.close();
    const url = new URL(link);
    const secrets = parseFragment(url.hash);
    if (!secrets) throw new Error('the link carries no key');
    // Another key of the right shape: the link looks whole.
    const other = Buffer.from(randomBytes(32)).toString('base64url');
    url.hash = url.hash.replace(/key=[^&]+/, `key=${other}`);

    const context = await app.browser.newContext();
    const seen = recordRequests(context);
    const recipient = await context.newPage();
    await recipient.goto(url.toString());
    await recipient
      .getByRole('alert')
      .filter({
        hasText:
          'The key in the link does not open this file. Check that the whole link was copied.',
      })
      .waitFor();
    expect(await recipient.getByRole('button', { name: 'Download & Decrypt File' }).count()).toBe(
      0,
    );
    expect(await recipient.getByText('contract.pdf').count()).toBe(0);
    expect(seen.some((request) => request.url.endsWith('/download'))).toBe(false);
    await context.close();
  });

  it('says a folder saved with "Download all" was saved under its zip name', async () => {
    const folder = randomFolder('Trip-to-Lisbon', { 'day-1/tram.jpg': 4000, 'notes.txt': 900 });
    const page = await app.browser.newPage();
    await page.goto(app.server.origin);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a folder' }).click();
    await (await chooser).setFiles(folder.path);
    const link = await readyShareLink(page, 60_000);
    await page.close();

    const context = await app.browser.newContext({ acceptDownloads: true });
    const recipient = await context.newPage();
    await recipient.goto(link);
    const saved = recipient.waitForEvent('download', { timeout: 60_000 });
    await recipient.getByRole('button', { name: 'Download all' }).click();
    expect((await saved).suggestedFilename()).toBe('Trip-to-Lisbon.zip');
    await recipient.getByText('File decrypted and saved as Trip-to-Lisbon.zip.').waitFor();
    await context.close();
  });

  it('shows the recipient the size the sender saw', async () => {
    // 1.53 MB to two decimals, 1.5 MB to one: the two old formatters disagreed on it.
    const { page, link } = await share(randomFile('scan.pdf', 1_600_000).path);
    const card = page.getByRole('region', { name: 'Upload Status' });
    const senderSize = (await card.locator('.sd-upload-card__file-size').textContent()) ?? '';
    expect(senderSize).toBe('1.5 MB');
    await page.close();

    const recipient = await app.browser.newPage();
    await recipient.goto(link);
    await recipient.getByRole('button', { name: 'Download & Decrypt File' }).waitFor();
    const details = recipient.locator('.download-details');
    await details.getByText(senderSize, { exact: true }).waitFor();
    await recipient.close();
  });
});
