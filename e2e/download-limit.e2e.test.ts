/**
 * Download limits in Chromium: "1 download" burns after reading. The first browser downloads the
 * file (identical bytes) and sees "1 download left" before (the singular); a second browser
 * opening the same link gets the not-found page; the object is gone from storage — on the local
 * driver and on S3 (s3rver), where the browser talks to the bucket directly.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInBrowser, appInBrowserOnS3 } from './support/app-in-browser';
import type { AppServer } from './support/app-server';
import { saveDecrypted } from './support/download';
import { randomFile } from './support/files';
import { readyShareLink } from './support/share-link';

/** Shares a file with "1 download" and returns its link. */
async function shareOnce(browser: Browser, origin: string) {
  const file = randomFile('once.bin', 300_000);
  const page = await browser.newPage();
  await page.goto(origin);
  await page.getByLabel('Download limit').selectOption({ label: '1 download' });
  await page.locator('input[type=file]').setInputFiles(file.path);
  const link = await readyShareLink(page);
  await page.close();
  return { link, sha256: file.sha256 };
}

/** Downloads in one browser, then checks a second browser is refused; returns when both ran. */
async function burnAfterReading(
  browser: Browser,
  server: AppServer,
  objectCount: () => Promise<number>,
) {
  const { link, sha256 } = await shareOnce(browser, server.origin);
  expect(await objectCount()).toBe(1);

  // browser.newPage() opens a fresh context: its own cookies, as a second browser would have.
  const first = await browser.newPage();
  await first.goto(link);
  await first.getByText('1 download left', { exact: true }).waitFor();
  expect(await first.getByText(/downloads left/).count()).toBe(0);
  const saved = await saveDecrypted(first, link);
  expect(saved.sha256).toBe(sha256);
  await first.getByText(/^File decrypted and saved as once\.bin\.$/).waitFor();
  // The page says the download finished; the spent link's object goes at once.
  await expect.poll(objectCount, { timeout: 10_000 }).toBe(0);

  const second = await browser.newPage();
  await second.goto(link);
  await second.getByText('File not found or has expired.').waitFor();
  expect(await second.getByRole('button', { name: 'Download & Decrypt File' }).count()).toBe(0);
  await first.close();
  await second.close();
}

function filesUnder(directory: string): number {
  try {
    return readdirSync(directory, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    ).length;
  } catch {
    return 0;
  }
}

describe('burn after reading on the local driver, in Chromium', () => {
  const app = appInBrowser();

  it('gives the file to one browser only and deletes it', async () => {
    const objects = join(app.server.dataDir, 'objects');
    await burnAfterReading(app.browser, app.server, async () => filesUnder(objects));
  });
});

describe('burn after reading on S3 (s3rver), in Chromium', () => {
  const app = appInBrowserOnS3();

  it('gives the file to one browser only and deletes it from the bucket', async () => {
    const count = async () => {
      let n = 0;
      for await (const _ of app.s3.driver.listObjects('')) n += 1;
      return n;
    };
    await burnAfterReading(app.browser, app.server, count);
  });
});
