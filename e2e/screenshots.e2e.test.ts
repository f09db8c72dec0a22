/**
 * Screenshots for the README: home, the upload card in each state (held there by intercepting its
 * requests), and the download page. Taken on every e2e run; written into docs/screenshots only
 * with UPDATE_SCREENSHOTS=1, so that a test run leaves the work tree as it was.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';
import { ROOT } from './support/app-server';
import { randomFile } from './support/files';

const OUT = join(
  ROOT,
  process.env.UPDATE_SCREENSHOTS ? 'docs/screenshots' : '.e2e-artifacts/screenshots',
);

describe('screenshots', () => {
  beforeAll(() => {
    mkdirSync(OUT, { recursive: true });
  });
  const app = appInBrowser();

  const shot = (page: Page, name: string) => page.screenshot({ path: join(OUT, `${name}.png`) });

  async function newPage(width = 1280, height = 860) {
    const context = await app.browser.newContext({ viewport: { width, height } });
    return context.newPage();
  }

  it('home, on a wide screen and a phone', async () => {
    const page = await newPage();
    await page.goto(app.server.origin);
    await page.getByLabel('Encrypt in my browser').waitFor();
    await shot(page, 'home');
    const phone = await newPage(390, 844);
    await phone.goto(app.server.origin);
    await phone.getByLabel('Encrypt in my browser').waitFor();
    await shot(phone, 'home-phone');
  });

  it('the upload card while uploading, finalizing, ready and failed', async () => {
    const file = randomFile('quarterly-report.pdf', 2 * 1024 * 1024);
    const page = await newPage();
    let releaseUpload: () => void = () => {};
    const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
    await page.route('**/api/storage/**', async (route) => {
      await uploadHeld;
      await route.continue();
    });
    let releaseFinalize: () => void = () => {};
    const finalizeHeld = new Promise<void>((resolve) => (releaseFinalize = resolve));
    await page.route('**/api/upload/finalize', async (route) => {
      await finalizeHeld;
      await route.continue();
    });
    await page.goto(app.server.origin);
    await page.locator('input[type=file]').setInputFiles(file.path);
    await page.getByText('Sending your file securely…').waitFor();
    await shot(page, 'card-uploading');
    // The recipient who opens the link now waits for the sender.
    const early = await newPage();
    await early.goto(await page.getByLabel('Share link').inputValue());
    await early.getByText('The sender is still uploading this file.', { exact: false }).waitFor();
    await shot(early, 'download-waiting');
    releaseUpload();
    await page.getByText('Encrypting & finalizing your upload…').waitFor();
    await shot(page, 'card-processing');
    releaseFinalize();
    await page.getByText('Your file is ready. Copy or share the link anywhere.').waitFor();
    await shot(page, 'card-ready');

    // A refusal, not an outage: a 5xx or a lost connection only pauses the upload, which goes on
    // by itself ("Connection lost. Retrying…"); a 400 ends it.
    const failing = await newPage();
    await failing.route('**/api/storage/**', (route) =>
      route.fulfill({ status: 400, body: 'refused' }),
    );
    await failing.route('**/api/upload/presign', (route) => route.continue());
    await failing.goto(app.server.origin);
    await failing.getByLabel('Encrypt in my browser').uncheck();
    await failing.locator('input[type=file]').setInputFiles(file.path);
    await failing.getByText('Something went wrong. You can retry the upload.').waitFor();
    await failing.getByText('This link will not work: the upload did not finish.').waitFor();
    await shot(failing, 'card-error');

    const link = await page.getByLabel('Share link').inputValue();
    const downloader = await newPage();
    await downloader.goto(link);
    await downloader.getByRole('button', { name: 'Download & Decrypt File' }).waitFor();
    await shot(downloader, 'download');
  });

  it('the about and mission pages', async () => {
    const page = await newPage();
    await page.goto(`${app.server.origin}/mission`);
    await page.getByText('files secured').waitFor();
    await shot(page, 'mission');
  });
});
