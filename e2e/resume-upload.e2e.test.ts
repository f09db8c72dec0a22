/**
 * A page reload in the middle of an encrypted multipart upload offers to resume it.
 * Part PUTs from part 3 on are held back, so the reload lands with parts 1–2 stored and the rest
 * not; after the reload the same file is picked again, only the missing parts go out, and the
 * link from before the reload downloads identical bytes. The key stays in the browser throughout.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';
import type { AppServer } from './support/app-server';
import { saveDecrypted } from './support/download';
import { randomFile } from './support/files';
import { expectSecretNowhere, recordRequests } from './support/requests';

const MiB = 1024 * 1024;
const PART_SIZE = 5 * MiB;
const PARTS = 5;
const HELD_FROM = 3;

const partNumberOf = (url: string) => Number(new URL(url).searchParams.get('partNumber'));

/**
 * Holds part PUTs numbered HELD_FROM and up while `holding` is on (they then die with the reload),
 * and lists every part PUT that reached storage, by page load.
 */
async function gatePartUploads(page: Page) {
  const gate = { holding: true, sent: [] as number[] };
  await page.route('**/api/storage/part?**', async (route: Route) => {
    const partNumber = partNumberOf(route.request().url());
    if (gate.holding && partNumber >= HELD_FROM) return; // never answered: cancelled by the reload
    gate.sent.push(partNumber);
    await route.continue();
  });
  return gate;
}

/** Part counts of the uploads the page keeps in IndexedDB (read the way any page script could). */
function storedPartCounts(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((db) => db.name);
    if (!names.includes('sealdrop-resume')) return [];
    return new Promise<number[]>((resolve, reject) => {
      const open = indexedDB.open('sealdrop-resume');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const all = db.transaction('uploads', 'readonly').objectStore('uploads').getAll();
        all.onerror = () => reject(all.error);
        all.onsuccess = () => {
          db.close();
          resolve((all.result as { parts: unknown[] }[]).map((entry) => entry.parts.length));
        };
      };
    });
  });
}

/** Starts an encrypted upload, waits for parts 1–2 to be stored and the rest held, reloads. */
async function uploadThenReload(page: Page, server: AppServer, path: string) {
  const gate = await gatePartUploads(page);
  await page.goto(server.origin);
  await page.getByLabel(/drop a file here/i).setInputFiles(path);
  const link = page.getByLabel('Share link');
  await expect.poll(() => link.inputValue(), { timeout: 30_000 }).toMatch(/#key=/);
  const linkBefore = await link.inputValue();
  await expect.poll(() => storedPartCounts(page), { timeout: 60_000 }).toEqual([HELD_FROM - 1]);
  expect(await page.getByText('Uploading…').count()).toBe(1);
  await page.reload();
  gate.holding = false;
  gate.sent.length = 0;
  return { gate, linkBefore };
}

describe('resuming an upload after a reload, in Chromium', () => {
  const app = appInBrowser({ UPLOAD_PART_SIZE: String(PART_SIZE) });

  it('resumes with the same file after a reload, sends only the missing parts, and the link downloads identical bytes', async () => {
    const file = randomFile('big.bin', (PARTS - 1) * PART_SIZE + 12_345);
    const uploader = await app.browser.newContext();
    const uploadRequests = recordRequests(uploader);
    const page = await uploader.newPage();
    const { gate, linkBefore } = await uploadThenReload(page, app.server, file.path);

    const offer = page.getByRole('region', { name: 'Resume your upload of big.bin?' });
    await offer.waitFor({ timeout: 30_000 });
    await expect.poll(() => offer.textContent()).toMatch(/10 ?MB of 20 ?MB sent \(4\d%\)/);
    // A different file is refused, and nothing is sent for it.
    const other = randomFile('big.bin', 1000);
    await page.getByLabel('Choose big.bin again to resume').setInputFiles(other.path);
    await page
      .getByText('That is a different file. Choose the same file (same name, size and date)')
      .waitFor();
    expect(gate.sent).toEqual([]);

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Resume upload' }).click();
    await (await chooser).setFiles(file.path);
    const link = page.getByLabel('Share link');
    expect(await link.inputValue()).toBe(linkBefore);
    await page
      .getByText('Your file is ready. Copy or share the link anywhere.')
      .waitFor({ timeout: 60_000 });
    const url = await link.inputValue();
    expect(url).toBe(linkBefore);
    expect(gate.sent.sort()).toEqual([3, 4, 5]);
    expect(await storedPartCounts(page)).toEqual([]);
    await uploader.close();

    const downloader = await app.browser.newContext({ acceptDownloads: true });
    const downloadRequests = recordRequests(downloader);
    const saved = await saveDecrypted(await downloader.newPage(), url);
    expect(saved).toEqual({ sha256: file.sha256, name: 'big.bin' });
    await downloader.close();

    const key = new URLSearchParams(new URL(url).hash.slice(1)).get('key') ?? '';
    expect(key).toMatch(/^[\w-]{43}$/);
    expectSecretNowhere(key, [...uploadRequests, ...downloadRequests], app.server.logs);
  });

  it('Discard after a reload aborts the upload: its parts are deleted from storage', async () => {
    const file = randomFile('dropped.bin', (PARTS - 1) * PART_SIZE + 1);
    const context = await app.browser.newContext();
    const page = await context.newPage();
    await uploadThenReload(page, app.server, file.path);
    const multipartDir = join(app.server.dataDir, 'objects', 'multipart');
    const uploadsOnDisk = () => (existsSync(multipartDir) ? readdirSync(multipartDir) : []);
    expect(uploadsOnDisk()).toHaveLength(1);

    await page.getByRole('region', { name: 'Resume your upload of dropped.bin?' }).waitFor();
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('region', { name: /Resume your upload/ }).waitFor({ state: 'detached' });
    expect(uploadsOnDisk()).toEqual([]);
    expect(await storedPartCounts(page)).toEqual([]);
    await context.close();
  });
});
