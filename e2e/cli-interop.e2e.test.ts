/**
 * The command-line client and the browser read each other's links: a file and a
 * folder sent with `sealdrop send` decrypt on the download page in Chromium, and a file and a
 * folder shared from the home page come out identical from `sealdrop get`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { linkOf, runCli } from '../packages/cli/test/support/cli';
import { appInBrowser } from './support/app-in-browser';
import { fileSha256, randomFile, randomFolder } from './support/files';
import { readyShareLink } from './support/share-link';

describe('CLI and browser links, both ways', () => {
  const app = appInBrowser();
  const cli = (args: string[]) =>
    runCli(args, {
      env: {
        SEALDROP_SERVER: app.server.origin,
        SEALDROP_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'sealdrop-e2e-cli-config-')),
      },
    });

  async function save(page: Page, name: string) {
    const downloadEvent = page.waitForEvent('download', { timeout: 90_000 });
    await page.getByRole('button', { name, exact: true }).click();
    const download = await downloadEvent;
    expect(await download.failure()).toBeNull();
    return { path: (await download.path()) ?? '', fileName: download.suggestedFilename() };
  }

  async function openLink(url: string) {
    const context = await app.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForURL(/\/download\//);
    return { context, page };
  }

  it('a file sent with the CLI decrypts in Chromium under its sealed name', async () => {
    const file = randomFile('from the terminal.bin', 3 * 1024 * 1024 + 123);
    const sent = await cli(['send', file.path]);
    expect(sent.code).toBe(0);
    const { context, page } = await openLink(linkOf(sent.stdout));
    await expect
      .poll(() => page.locator('.download-details__name').textContent())
      .toBe('from the terminal.bin');
    const saved = await save(page, 'Download & Decrypt File');
    expect(saved.fileName).toBe('from the terminal.bin');
    expect(fileSha256(saved.path)).toBe(file.sha256);
    await context.close();
  });

  it('a passphrase link made by the CLI unlocks in Chromium with that passphrase only', async () => {
    const file = randomFile('locked.bin', 100_000);
    const sent = await runCli(['send', file.path, '--passphrase'], {
      env: {
        SEALDROP_SERVER: app.server.origin,
        SEALDROP_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'sealdrop-e2e-cli-config-')),
        SEALDROP_PASSPHRASE: 'correct horse battery',
      },
    });
    expect(sent.code).toBe(0);
    const { context, page } = await openLink(linkOf(sent.stdout));
    const field = page.getByLabel('Passphrase', { exact: true });
    await field.fill('wrong horse');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByText('Wrong passphrase.').first().waitFor();
    await field.fill('correct horse battery');
    await page.getByRole('button', { name: 'Unlock' }).click();
    const saved = await save(page, 'Download & Decrypt File');
    expect(saved.fileName).toBe('locked.bin');
    expect(fileSha256(saved.path)).toBe(file.sha256);
    await context.close();
  });

  it('a folder sent with the CLI lists its files in Chromium and zips identical bytes', async () => {
    const folder = randomFolder('Terminal', {
      'a.txt': 10,
      'empty.txt': 0,
      'deep/b.bin': 200_000,
    });
    const sent = await cli(['send', folder.path]);
    expect(sent.code).toBe(0);
    const { context, page } = await openLink(linkOf(sent.stdout));
    const list = page.getByRole('list', { name: 'Files in this link' });
    for (const path of folder.sha256.keys()) await list.getByText(path, { exact: true }).waitFor();
    const all = await save(page, 'Download all');
    expect(all.fileName).toBe('Terminal.zip');
    const out = mkdtempSync(join(tmpdir(), 'sealdrop-e2e-unzip-'));
    execFileSync('unzip', ['-q', all.path, '-d', out]);
    for (const [path, hash] of folder.sha256) expect(fileSha256(join(out, path)), path).toBe(hash);
    await context.close();
  });

  it('a file and a folder shared in Chromium come out identical from sealdrop get', async () => {
    const file = randomFile('from the browser.bin', 2 * 1024 * 1024 + 7);
    const folder = randomFolder('Browser', { 'x.txt': 5, 'sub/y.bin': 70_000 });
    const context = await app.browser.newContext();
    const page = await context.newPage();
    await page.goto(app.server.origin);
    await page.locator('input[type=file]').setInputFiles(file.path);
    const fileLink = await readyShareLink(page, 60_000);

    await page.goto(app.server.origin);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a folder' }).click();
    await (await chooser).setFiles(folder.path);
    const folderLink = await readyShareLink(page, 60_000);
    await context.close();

    const out = mkdtempSync(join(tmpdir(), 'sealdrop-e2e-cli-get-'));
    const gotFile = await cli(['get', fileLink, '-o', out]);
    expect(gotFile.code, gotFile.stderr).toBe(0);
    expect(fileSha256(join(out, 'from the browser.bin'))).toBe(file.sha256);

    const gotFolder = await cli(['get', folderLink, '-o', out]);
    expect(gotFolder.code, gotFolder.stderr).toBe(0);
    for (const [path, hash] of folder.sha256) expect(fileSha256(join(out, path)), path).toBe(hash);
    expect(readdirSync(out).sort()).toEqual(['Browser', 'from the browser.bin']);
  });
});
