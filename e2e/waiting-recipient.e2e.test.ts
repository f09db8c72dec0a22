/**
 * In Chromium and in Firefox: the sender shares the link while the file still uploads; the
 * recipient opens it in another browser, sees the waiting state, and ends with identical bytes
 * without reloading. Also the pages of links with no id or code, which say the link is invalid.
 */
import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';
import { CORE_FLOW_BROWSERS } from './support/browsers';
import { fileSha256, randomFile } from './support/files';

const WAITING = 'The sender is still uploading this file. The download will be ready in a moment.';

describe.each(CORE_FLOW_BROWSERS)('a link opened while its file uploads, in %s', (browserName) => {
  const app = appInBrowser({}, browserName);

  it('waits for the sender, then downloads identical bytes with no reload', async () => {
    const file = randomFile('big-video.mov', 24 * 1024 * 1024);
    const sender = await app.browser.newContext();
    // Hold the sender's part uploads back, as a slow uplink would, until the recipient has seen
    // the waiting state (a fixed delay lost the race on a loaded machine: the upload was done
    // before the recipient's page had loaded).
    let releaseUplink = () => {};
    const uplink = new Promise<void>((resolve) => {
      releaseUplink = resolve;
    });
    await sender.route(
      (url) => url.pathname.startsWith('/api/storage/'),
      async (route) => {
        if (route.request().method() === 'PUT') await uplink;
        await route.continue();
      },
    );
    const home = await sender.newPage();
    await home.goto(app.server.origin);
    await home.locator('input[type=file]').setInputFiles(file.path);
    const linkField = home.getByLabel('Share link');
    await expect.poll(() => linkField.inputValue(), { timeout: 30_000 }).toMatch(/\/s\/\w+#key=/);
    const link = await linkField.inputValue();

    const recipient = await app.browser.newContext({ acceptDownloads: true });
    const page = await recipient.newPage();
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    // A minute, not the default half: with the machine loaded far beyond its two cores, this
    // navigation took longer than 30 s twice.
    await page.goto(link, { timeout: 60_000 });
    await page.getByText(WAITING).waitFor({ timeout: 15_000 });
    await page.getByText('big-video.mov').waitFor();
    // The sender has not finished yet.
    expect(
      await home.getByText('Your file is ready. Copy or share the link anywhere.').count(),
    ).toBe(0);
    const navigationsWhileWaiting = navigations;
    releaseUplink();

    const button = page.getByRole('button', { name: 'Download & Decrypt File' });
    await button.waitFor({ timeout: 90_000 });
    expect(await page.getByText(WAITING).count()).toBe(0);
    expect(navigations).toBe(navigationsWhileWaiting);
    const downloadEvent = page.waitForEvent('download', { timeout: 60_000 });
    await button.click();
    const download = await downloadEvent;
    expect(await download.failure()).toBeNull();
    expect(fileSha256(await download.path())).toBe(file.sha256);
    await sender.close();
    await recipient.close();
  });

  it('calls /s/ and /download/ without a code or an id invalid links, not missing pages', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.server.origin}/s/`);
    await page.getByText('Invalid download link').waitFor();
    await page.goto(`${app.server.origin}/download/`);
    await page
      .getByText('Invalid file link. The link may be incomplete or the file has expired.')
      .waitFor();
    await page.close();
  });
});
