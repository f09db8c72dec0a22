/**
 * A network blip in the middle of an encrypted multipart upload, in Chromium and in Firefox: the browser goes
 * offline while parts are in flight. The card says "Connection lost. Retrying…" instead of failing,
 * goes on by itself once the browser is back online, and the link shown before the blip is the
 * link that works afterwards, with identical bytes.
 */
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';
import { CORE_FLOW_BROWSERS } from './support/browsers';
import { saveDecrypted } from './support/download';
import { randomFile } from './support/files';
import { readyShareLink } from './support/share-link';

const MiB = 1024 * 1024;
const PART_SIZE = 5 * MiB;
const HELD_FROM = 3;

describe.each(CORE_FLOW_BROWSERS)('an upload that loses its connection, in %s', (browserName) => {
  const app = appInBrowser({ UPLOAD_PART_SIZE: String(PART_SIZE) }, browserName);

  it('pauses with "Connection lost. Retrying…", continues online, and keeps its link', async () => {
    const context = await app.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    // Part PUTs from HELD_FROM on wait here until the browser has gone offline; then they fail as
    // a dropped connection does.
    const held: Route[] = [];
    let holding = true;
    await page.route('**/api/storage/part?**', async (route) => {
      const partNumber = Number(new URL(route.request().url()).searchParams.get('partNumber'));
      if (holding && partNumber >= HELD_FROM) {
        held.push(route);
        return;
      }
      await route.continue();
    });
    await page.goto(app.server.origin);
    const file = randomFile('blip.bin', 5 * PART_SIZE - 1234);
    await page.locator('input[type=file]').setInputFiles(file.path);
    const linkField = page.getByLabel('Share link');
    await expect.poll(() => linkField.inputValue(), { timeout: 60_000 }).toMatch(/\/s\//);
    const linkBefore = await linkField.inputValue();
    await expect.poll(() => held.length, { timeout: 120_000 }).toBeGreaterThan(0);

    await context.setOffline(true);
    holding = false;
    for (const route of held.splice(0)) await route.abort('internetdisconnected');
    await page.getByText('Connection lost. Retrying…').waitFor({ timeout: 15_000 });
    // Offline for a few seconds: the upload waits, it does not fail.
    await page.waitForTimeout(3000);
    expect(await page.getByText('Upload failed').count()).toBe(0);
    expect(await page.getByText('Connection lost. Retrying…').isVisible()).toBe(true);

    await context.setOffline(false);
    const linkAfter = await readyShareLink(page);
    expect(linkAfter).toBe(linkBefore);
    expect(await page.getByText('Connection lost. Retrying…').count()).toBe(0);

    const recipient = await context.newPage();
    const saved = await saveDecrypted(recipient, linkAfter);
    expect(saved.sha256).toBe(file.sha256);
    await context.close();
  });
});
