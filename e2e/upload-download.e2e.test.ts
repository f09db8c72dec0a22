/**
 * The product's core promise, in Chromium and in Firefox: upload a file (encrypted and plain), get
 * the link before the transfer ends, open it in a fresh browser context, save identical bytes — and
 * the key in the fragment never reaches the server, a request or a log.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';
import type { AppServer } from './support/app-server';
import { CORE_FLOW_BROWSERS } from './support/browsers';
import { fileSha256, randomFile } from './support/files';
import { expectSecretNowhere, recordRequests } from './support/requests';

async function uploadThroughHomePage(
  context: BrowserContext,
  server: AppServer,
  path: string,
  encrypt: boolean,
) {
  const page = await context.newPage();
  await page.goto(server.origin);
  const checkbox = page.getByLabel('Encrypt in my browser');
  if (!encrypt) await checkbox.uncheck();
  await page.locator('input[type=file]').setInputFiles(path);
  const link = page.getByLabel('Share link');
  await expect.poll(() => link.inputValue(), { timeout: 30_000 }).toMatch(/\/s\/[0-9A-Za-z]{10,}/);
  await page
    .getByText('Your file is ready. Copy or share the link anywhere.')
    .waitFor({ timeout: 60_000 });
  const url = await link.inputValue();
  await page.close();
  return url;
}

async function downloadThroughLink(
  browser: Browser,
  url: string,
  control: { role: 'button' | 'link'; name: string },
) {
  const context = await browser.newContext({ acceptDownloads: true });
  const seen = recordRequests(context);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForURL(/\/download\//);
  const downloadEvent = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole(control.role, { name: control.name }).click();
  const download = await downloadEvent;
  expect(await download.failure()).toBeNull();
  const savedSha256 = fileSha256(await download.path());
  const name = download.suggestedFilename();
  await context.close();
  return { savedSha256, name, seen };
}

const DECRYPT = { role: 'button', name: 'Download & Decrypt File' } as const;

describe.each(CORE_FLOW_BROWSERS)('upload and download in %s', (browserName) => {
  const app = appInBrowser({}, browserName);

  it('encrypts in the browser and decrypts identical bytes in a fresh context, the key never leaving the page', async () => {
    const file = randomFile('holiday photos.bin', 3 * 1024 * 1024 + 123);
    const uploader = await app.browser.newContext();
    const uploadRequests = recordRequests(uploader);
    const url = await uploadThroughHomePage(uploader, app.server, file.path, true);
    await uploader.close();

    const fragment = new URL(url).hash;
    expect(fragment).toMatch(/^#key=[\w-]{43}&iv=[\w-]{16}$/);
    const key = new URLSearchParams(fragment.slice(1)).get('key') ?? '';

    const { savedSha256, name, seen } = await downloadThroughLink(app.browser, url, DECRYPT);
    expect(name).toBe('holiday photos.bin');
    expect(savedSha256).toBe(file.sha256);

    expectSecretNowhere(key, [...uploadRequests, ...seen], app.server.logs);
  });

  it('uploads a plain file with a link that needs no key and downloads identical bytes', async () => {
    const file = randomFile('notes.txt', 200_000);
    const uploader = await app.browser.newContext();
    const url = await uploadThroughHomePage(uploader, app.server, file.path, false);
    await uploader.close();
    expect(new URL(url).hash).toBe('');

    const { savedSha256, name } = await downloadThroughLink(app.browser, url, {
      role: 'link',
      name: 'Download File',
    });
    expect(name).toBe('notes.txt');
    expect(savedSha256).toBe(file.sha256);

    // Nothing on this file's page claims browser encryption; the home page still does.
    const page = await app.browser.newPage();
    await page.goto(url);
    await page.getByRole('link', { name: 'Download File' }).waitFor();
    const footer = page.getByRole('contentinfo');
    await footer.getByText(/No trackers, no ads\./).waitFor();
    expect(await footer.textContent()).not.toMatch(/encrypted/i);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Share a file' }).click();
    await footer.getByText(/encrypted in your browser/).waitFor();
    await page.close();
  });

  it('uploads a multipart file encrypted and round-trips it', async () => {
    const file = randomFile('big.bin', 40 * 1024 * 1024 + 7);
    const uploader = await app.browser.newContext();
    const url = await uploadThroughHomePage(uploader, app.server, file.path, true);
    await uploader.close();
    const { savedSha256 } = await downloadThroughLink(app.browser, url, DECRYPT);
    expect(savedSha256).toBe(file.sha256);
  });
});
