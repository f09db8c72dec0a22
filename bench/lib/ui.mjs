// Drives the app's pages the way a person does (same selectors as e2e/upload-download.e2e.test.ts).
const READY_TEXT = 'Your file is ready. Copy or share the link anywhere.';
const LINK_PATTERN = /\/s\/[0-9A-Za-z]{10,}/;

/**
 * Did the upload seal its parts in the staging worker (docs/uploads.md)? The worker starts for
 * the probe and is stopped at once when staging is declined, before any part is sent; when it
 * is used, it runs until the parts are all sent. null: no staging worker (plain or one PUT).
 */
function watchStagingWorker(page) {
  let started = false;
  let stoppedAt;
  let firstPartAt;
  page.on('worker', (worker) => {
    if (!worker.url().includes('staging.worker')) return;
    started = true;
    worker.on('close', () => {
      stoppedAt ??= performance.now();
    });
  });
  page.on('request', (request) => {
    if (request.url().includes('partNumber=')) firstPartAt ??= performance.now();
  });
  return {
    used: () => (started ? stoppedAt === undefined || stoppedAt > (firstPartAt ?? 0) : null),
  };
}

/**
 * Home page: tick or untick "Encrypt in my browser", pick the file, wait for the card to say the
 * upload is complete. Timed from picking the file to that text.
 */
export async function uploadThroughHomePage(browser, origin, { path, encrypt, timeoutMs }) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const staging = watchStagingWorker(page);
    await page.goto(origin);
    await page.getByLabel('Encrypt in my browser').setChecked(encrypt);
    const started = performance.now();
    await page.locator('input[type=file]').setInputFiles(path);
    await page.getByText(READY_TEXT).waitFor({ timeout: timeoutMs });
    const ms = performance.now() - started;
    const url = await page.getByLabel('Share link').inputValue();
    if (!LINK_PATTERN.test(url)) throw new Error(`no share link after the upload: "${url}"`);
    return { url, ms, partsStaged: staging.used() };
  } finally {
    await context.close();
  }
}

/**
 * Opens the share link in a fresh context and saves the file through the browser's download
 * (encrypted files stream through the app's Service Worker). Timed from the click until the
 * browser has the whole file on disk. Returns the saved path; call done() after reading it.
 */
export async function downloadThroughLink(browser, url, { encrypted, timeoutMs }) {
  const context = await browser.newContext({ acceptDownloads: true });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForURL(/\/download\//);
    const control = encrypted
      ? page.getByRole('button', { name: 'Download & Decrypt File' })
      : page.getByRole('link', { name: 'Download File' });
    await control.waitFor();
    const downloadEvent = page.waitForEvent('download', { timeout: timeoutMs });
    const started = performance.now();
    await control.click();
    const download = await downloadEvent;
    const failure = await download.failure();
    if (failure) throw new Error(`download failed: ${failure}`);
    const path = await download.path();
    const ms = performance.now() - started;
    return {
      path,
      ms,
      name: download.suggestedFilename(),
      done: async () => {
        await download.delete();
        await context.close();
      },
    };
  } catch (error) {
    await context.close();
    throw error;
  }
}
