/**
 * A dropped connection does not lose the download, in Chromium and in Firefox. A proxy between the
 * browser and the storage cuts the ciphertext response at about 30 % and again at about 70 %; the download page
 * says "Connection lost. Resuming…", asks again with Range requests, and the saved file has the
 * uploaded bytes. On the local driver (the app serves the objects) and on S3 (s3rver: the browser
 * fetches from the bucket directly, through the proxy).
 */
import type { IncomingMessage } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKET, startS3rver } from '../packages/server/src/testing/s3rver';
import { appInBrowser } from './support/app-in-browser';
import { CORE_FLOW_BROWSERS } from './support/browsers';
import { type CuttingProxy, startCuttingProxy } from './support/cutting-proxy';
import { fileSha256, randomFile } from './support/files';
import { readyShareLink } from './support/share-link';

const SIZE = 24 * 1024 * 1024 + 4321;
const CUTS = [0.3, 0.7];

/** Uploads encrypted through the home page at `origin`; answers the share link. */
async function share(browser: Browser, origin: string, path: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(origin);
  await page.locator('input[type=file]').setInputFiles(path);
  const url = await readyShareLink(page);
  await context.close();
  return url;
}

/** Downloads in a fresh context; answers the saved file's hash and whether "resuming" showed. */
async function download(browser: Browser, url: string) {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForURL(/\/download\//);
  const resumingShown = page
    .getByText('Connection lost. Resuming…')
    .waitFor({ timeout: 60_000 })
    .then(() => true);
  const downloadEvent = page.waitForEvent('download', { timeout: 90_000 });
  await page.getByRole('button', { name: 'Download & Decrypt File' }).click();
  const saved = await downloadEvent;
  expect(await saved.failure()).toBeNull();
  const sha256 = fileSha256(await saved.path());
  const result = { sha256, resumingShown: await resumingShown };
  await context.close();
  return result;
}

function expectResumed(proxy: CuttingProxy) {
  expect(proxy.ranges[0]).toBeNull();
  const resumed = proxy.ranges.slice(1);
  expect(resumed.length).toBeGreaterThanOrEqual(2);
  const starts = resumed.map((range) => Number(/^bytes=(\d+)-$/.exec(range ?? '')?.[1]));
  // Each resume starts at the first byte the page had not yet read: before the cut (bytes still
  // in the browser's buffers when the socket died are lost with it), after the previous resume.
  expect(starts[0]).toBeGreaterThan(0);
  expect(starts[0]).toBeLessThanOrEqual(SIZE * 0.31);
  expect(starts[1]).toBeGreaterThan(SIZE * 0.31);
  expect(starts[1]).toBeLessThanOrEqual(SIZE * 0.71);
}

describe.each(CORE_FLOW_BROWSERS)(
  'a download through a connection that drops twice, local driver, in %s',
  (browserName) => {
    const app = appInBrowser({}, browserName);
    let proxy: CuttingProxy;
    beforeAll(async () => {
      proxy = await startCuttingProxy({
        targetPort: Number(new URL(app.server.origin).port),
        carriesObject: (request) =>
          request.method === 'GET' && (request.url ?? '').startsWith('/api/storage/object'),
        cuts: CUTS,
      });
    });
    afterAll(() => proxy?.close());

    it('resumes with Range requests and saves identical bytes', async () => {
      const file = randomFile('survey.tar', SIZE);
      const url = await share(app.browser, proxy.origin, file.path);
      const { sha256, resumingShown } = await download(app.browser, url);
      expect(sha256).toBe(file.sha256);
      expect(resumingShown).toBe(true);
      expectResumed(proxy);
    });
  },
);

describe.each(CORE_FLOW_BROWSERS)(
  'a download through a connection that drops twice, S3 (s3rver), in %s',
  (browserName) => {
    let s3: Awaited<ReturnType<typeof startS3rver>>;
    let proxy: CuttingProxy;
    const env: Record<string, string> = {};
    beforeAll(async () => {
      s3 = await startS3rver();
      proxy = await startCuttingProxy({
        targetPort: s3.port,
        carriesObject: (request: IncomingMessage) =>
          request.method === 'GET' && (request.url ?? '').startsWith(`/${BUCKET}/files/`),
        cuts: CUTS,
      });
      // The app signs URLs for the proxy's address; the browser reaches the bucket only through it.
      Object.assign(env, s3.env, { S3_ENDPOINT: proxy.origin });
    });
    afterAll(async () => {
      await proxy?.close();
      await s3?.destroy();
    });
    const app = appInBrowser(env, browserName);

    it('resumes with Range requests on presigned URLs and saves identical bytes', async () => {
      const file = randomFile('survey.tar', SIZE);
      const url = await share(app.browser, app.server.origin, file.path);
      const { sha256, resumingShown } = await download(app.browser, url);
      expect(sha256).toBe(file.sha256);
      expect(resumingShown).toBe(true);
      expectResumed(proxy);
    });
  },
);
