/**
 * The recipient's waiting page tells the truth (docs/uploads.md, "Progress and pauses"): when the
 * sender's upload makes no progress for the stall time (2 s here, UPLOAD_STALL_SECONDS; 60 s by
 * default) it says the upload has paused, and it goes on to the download when the bytes come;
 * when the upload is cancelled while the page waits, it says the link will not work.
 */
import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';
import { CORE_FLOW_BROWSERS } from './support/browsers';
import { saveDecrypted } from './support/download';
import { randomFile } from './support/files';

const WAITING = 'The sender is still uploading this file. The download will be ready in a moment.';
const PAUSED = 'The upload has paused. It will continue when the sender is back online.';
const DID_NOT_FINISH = 'This link will not work: the upload did not finish.';

describe.each(CORE_FLOW_BROWSERS)('the waiting page and a paused upload, in %s', (browserName) => {
  const app = appInBrowser({ UPLOAD_STALL_SECONDS: '2', RATE_LIMIT_ENABLED: 'false' }, browserName);

  it('says the upload has paused while no byte moves, then downloads identical bytes', async () => {
    const file = randomFile('paused.bin', 6 * 1024 * 1024);
    const sender = await app.browser.newContext();
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The sender's connection stalls: its byte upload does not get through until released.
    await sender.route(
      (url) => url.pathname.startsWith('/api/storage/'),
      async (route) => {
        if (route.request().method() === 'PUT') await released;
        await route.continue();
      },
    );
    const home = await sender.newPage();
    await home.goto(app.server.origin);
    await home.locator('input[type=file]').setInputFiles(file.path);
    const field = home.getByLabel('Share link');
    await expect.poll(() => field.inputValue(), { timeout: 30_000 }).toMatch(/\/s\/\w+#key=/);
    const link = await field.inputValue();

    const recipient = await app.browser.newContext({ acceptDownloads: true });
    const page = await recipient.newPage();
    await page.goto(link, { timeout: 60_000 });
    await page.getByText(PAUSED).waitFor({ timeout: 30_000 });
    expect(await page.getByText(WAITING).count()).toBe(0);

    release();
    const saved = await saveDecrypted(page, link);
    expect(saved.sha256).toBe(file.sha256);
    await sender.close();
    await recipient.close();
  });

  /** A presigned upload, as the sender's page makes one, and its cancel. */
  const presignThenCancel = async () => {
    const post = async (path: string, body: object) => {
      const response = await fetch(`${app.server.origin}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { data: { objectKey: string; slug: string } };
    };
    const { data } = await post('/upload/presign', {
      filename: 'cancelled.txt',
      contentType: 'text/plain',
      size: 20,
    });
    return { slug: data.slug, cancel: () => post('/upload/abort', { objectKey: data.objectKey }) };
  };

  it('says the link will not work once the sender cancelled the upload', async () => {
    const { slug, cancel } = await presignThenCancel();
    const page = await app.browser.newPage();
    await page.goto(`${app.server.origin}/download/${slug}`, { timeout: 60_000 });
    await page
      .getByRole('status')
      .filter({ hasText: /uploading|paused/ })
      .waitFor();
    await cancel();
    await page.getByText(DID_NOT_FINISH).waitFor({ timeout: 30_000 });
    expect(await page.getByText('File not found or has expired.').count()).toBe(0);
    await page.close();
  });

  it('says the link will not work when it is first opened after the sender cancelled', async () => {
    const { slug, cancel } = await presignThenCancel();
    await cancel();
    const page = await app.browser.newPage();
    for (const path of [`/s/${slug}`, `/download/${slug}`]) {
      await page.goto(`${app.server.origin}${path}`, { timeout: 60_000 });
      await page.getByRole('alert').filter({ hasText: DID_NOT_FINISH }).waitFor();
      expect(await page.getByText(/not found/i).count()).toBe(0);
    }
    await page.close();
  });
});
