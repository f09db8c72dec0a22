/**
 * Several files in one link. In Chromium and in Firefox: files chosen together (empty, tiny, across
 * record boundaries) are shared as one link; the recipient saves them all as one zip made while
 * decrypting, which `unzip -t` accepts, and one alone (its records fetched by Range), with
 * identical bytes. In Chromium only, because Firefox refuses directory uploads here: a folder of
 * nested files, each saved alone too, and a thousand small files.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';
import { CORE_FLOW_BROWSERS } from './support/browsers';
import { fileSha256, randomFile, randomFolder } from './support/files';
import { readyShareLink } from './support/share-link';

const RECORD = 64 * 1024;

async function shareFolder(browser: Browser, origin: string, folder: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(origin);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a folder' }).click();
  await (await chooser).setFiles(folder);
  const url = await readyShareLink(page);
  await context.close();
  return url;
}

/** Clicks `name` and answers the path of what the browser saved. */
async function save(page: Page, name: string): Promise<{ path: string; fileName: string }> {
  const downloadEvent = page.waitForEvent('download', { timeout: 90_000 });
  await page.getByRole('button', { name, exact: true }).click();
  const download = await downloadEvent;
  expect(await download.failure()).toBeNull();
  // The page is ready for the next click once it says so.
  await page.getByText(/File decrypted and saved as/).waitFor({ timeout: 60_000 });
  return { path: (await download.path()) ?? '', fileName: download.suggestedFilename() };
}

/** Every file under `dir`, as `relative path → sha256`. */
function hashesUnder(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    out.set(full.slice(dir.length + 1), fileSha256(full));
  }
  return out;
}

/** The zip's files as `path → sha256`, once `unzip -t` has tested every entry. */
function unzip(zip: string): Map<string, string> {
  execFileSync('unzip', ['-tq', zip]);
  const out = mkdtempSync(join(tmpdir(), 'sealdrop-e2e-unzip-'));
  execFileSync('unzip', ['-q', zip, '-d', out]);
  return hashesUnder(out);
}

describe.each(CORE_FLOW_BROWSERS)('several files in one link, in %s', (browserName) => {
  const app = appInBrowser({}, browserName);

  it('saves them all as a zip that unzip tests clean, and one alone, with identical bytes', async () => {
    const files = [
      randomFile('empty.txt', 0),
      randomFile('notes.txt', 17),
      randomFile('beach.jpg', 3 * RECORD + 123),
      randomFile('video.bin', 2 * 1024 * 1024 + 999),
    ];
    const expected = new Map(files.map((file) => [file.path.split('/').at(-1) ?? '', file.sha256]));
    const sender = await app.browser.newContext();
    const home = await sender.newPage();
    await home.goto(app.server.origin);
    await home.locator('input[type=file]').setInputFiles(files.map((file) => file.path));
    const url = await readyShareLink(home);
    await sender.close();

    const context = await app.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForURL(/\/download\//);
    const list = page.getByRole('list', { name: 'Files in this link' });
    for (const name of expected.keys()) await list.getByText(name, { exact: true }).waitFor();

    const all = await save(page, 'Download all');
    expect(all.fileName).toMatch(/\.zip$/);
    expect(unzip(all.path)).toEqual(expected);
    const one = await save(page, 'Download beach.jpg');
    expect(one.fileName).toBe('beach.jpg');
    expect(fileSha256(one.path)).toBe(expected.get('beach.jpg'));
    await context.close();
  });
});

describe('a folder in one link, in Chromium only (Firefox refuses directory uploads here)', () => {
  const app = appInBrowser();

  it('lists every file and saves them all as a zip and each alone, with identical bytes', async () => {
    const folder = randomFolder('Holiday', {
      'empty.txt': 0,
      'notes.txt': 17,
      'photos/beach.jpg': 3 * RECORD + 123,
      'photos/raw/dunes.raw': RECORD - 5,
      'video.bin': 2 * 1024 * 1024 + 999,
    });
    const url = await shareFolder(app.browser, app.server.origin, folder.path);
    expect(new URL(url).hash).toMatch(/^#key=/);

    const context = await app.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForURL(/\/download\//);
    await expect.poll(() => page.locator('.download-details__name').textContent()).toBe('Holiday');
    const list = page.getByRole('list', { name: 'Files in this link' });
    for (const path of folder.sha256.keys()) await list.getByText(path, { exact: true }).waitFor();

    const all = await save(page, 'Download all');
    expect(all.fileName).toBe('Holiday.zip');
    expect(unzip(all.path)).toEqual(folder.sha256);

    for (const [path, hash] of folder.sha256) {
      if (path.endsWith('empty.txt')) continue; // nothing to decrypt; saved by the page directly
      const one = await save(page, `Download ${path}`);
      expect(one.fileName).toBe(path.split('/').at(-1));
      expect(fileSha256(one.path), path).toBe(hash);
    }
    await context.close();
  });

  it('shares a thousand small files and unzips them all', async () => {
    const files: Record<string, number> = {};
    for (let i = 0; i < 1000; i += 1)
      files[`batch-${Math.floor(i / 100)}/file-${i}.txt`] = 1 + (i % 700);
    const folder = randomFolder('Thousand', files);
    const url = await shareFolder(app.browser, app.server.origin, folder.path);

    const context = await app.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForURL(/\/download\//);
    await page.getByText('Thousand', { exact: true }).first().waitFor();
    const all = await save(page, 'Download all');
    expect(unzip(all.path)).toEqual(folder.sha256);
    await context.close();
  });
});
