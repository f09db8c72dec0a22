/**
 * An upload whose part requests keep failing until the retry policy gives up, in Chromium and in
 * Firefox: the card says "Upload failed" and offers "Retry" (and "Cancel upload"), with the link it
 * showed before still alive; "Retry" once the network is back continues the same upload — only the
 * parts storage does not have yet go out, no second presign — and the link copied before the
 * failure downloads identical bytes.
 *
 * The policy's own waits (60 tries, up to 15 s apart: about 13 minutes) are not shortened in the
 * app: the page's clock is Playwright's, and the test moves it past each wait instead.
 */
import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';
import { CORE_FLOW_BROWSERS } from './support/browsers';
import { saveDecrypted } from './support/download';
import { randomFile } from './support/files';
import { readyShareLink } from './support/share-link';

const MiB = 1024 * 1024;
const PART_SIZE = 5 * MiB;
const PARTS = 3;
/** Longer than the policy's longest wait (15 s plus its 25 % jitter). */
const PAST_ANY_WAIT_MS = 20_000;

const partNumberOf = (url: string) => Number(new URL(url).searchParams.get('partNumber'));

describe.each(CORE_FLOW_BROWSERS)('an upload that failed for good, in %s', (browserName) => {
  const app = appInBrowser({ UPLOAD_PART_SIZE: String(PART_SIZE) }, browserName);

  it('shows "Upload failed" with Retry, and Retry continues the same link with identical bytes', async () => {
    const file = randomFile('outage.bin', PARTS * PART_SIZE - 1234);
    const context = await app.browser.newContext();
    await context.clock.install();
    // While `down`, every part but the first fails as a dropped connection does: its first PUT,
    // then each try's request for a fresh part URL. The browser believes it is online, so each
    // failure spends one of the policy's tries. (Failing the small URL requests rather than every
    // PUT keeps a try short: an intercepted 5 MiB PUT took Chromium about 2 s to let through.)
    const network = { down: true, failures: 0 };
    const stored: number[] = [];
    await context.route('**/api/storage/part?**', async (route) => {
      if (network.down && partNumberOf(route.request().url()) > 1) {
        network.failures += 1;
        await route.abort('failed');
        return;
      }
      await route.continue();
    });
    await context.route('**/api/upload/parts', async (route) => {
      if (network.down) {
        network.failures += 1;
        await route.abort('failed');
        return;
      }
      await route.continue();
    });
    context.on('response', (response) => {
      const request = response.request();
      if (
        request.method() === 'PUT' &&
        response.ok() &&
        request.url().includes('/api/storage/part?')
      )
        stored.push(partNumberOf(request.url()));
    });
    let presigns = 0;
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/upload/presign') presigns += 1;
    });

    const page = await context.newPage();
    await page.goto(app.server.origin);
    await page.locator('input[type=file]').setInputFiles(file.path);
    const linkField = page.getByLabel('Share link');
    await expect.poll(() => linkField.inputValue(), { timeout: 60_000 }).toMatch(/#key=/);
    const linkBefore = await linkField.inputValue();
    await expect.poll(() => stored, { timeout: 60_000 }).toEqual([1]);
    await page.getByText('Connection lost. Retrying…').waitFor({ timeout: 30_000 });

    // Past every wait of the policy until it gives up.
    const retry = page.getByRole('button', { name: 'Retry' });
    for (let round = 0; round < 400 && !(await retry.isVisible()); round += 1) {
      const failures = network.failures;
      await page.clock.fastForward(PAST_ANY_WAIT_MS);
      await expect
        .poll(async () => network.failures > failures || (await retry.isVisible()), {
          timeout: 30_000,
        })
        .toBe(true);
    }
    await retry.waitFor({ timeout: 1000 });
    expect(network.failures).toBeGreaterThanOrEqual(60);
    expect(await page.getByText('Upload failed', { exact: true }).count()).toBe(1);
    expect(await page.getByText('Connection lost. Retrying…').count()).toBe(0);
    // The failure kept the link: it is still shown, not called dead, and Cancel upload ends it.
    expect(await linkField.inputValue()).toBe(linkBefore);
    expect(
      await page.getByText('This link will not work: the upload did not finish.').count(),
    ).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel upload' }).count()).toBe(1);

    network.down = false;
    await retry.click();
    expect(await readyShareLink(page)).toBe(linkBefore);
    expect(stored.slice(1).sort()).toEqual([2, 3]);
    expect(presigns).toBe(1);
    await context.close();

    const recipient = await app.browser.newContext({ acceptDownloads: true });
    const saved = await saveDecrypted(await recipient.newPage(), linkBefore);
    expect(saved).toEqual({ sha256: file.sha256, name: 'outage.bin' });
    await recipient.close();
  });
});
