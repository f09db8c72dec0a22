/**
 * File names that lie, in Chromium: a sender may name a file `invoice<U+202E>fdp.exe` (a
 * right-to-left override: it reads as `invoiceexe.pdf`) or put C1 controls and bidirectional
 * isolates in it. The download page's file list, its file details, the saved file's name and the
 * sender's own "My files" show every such character written out as [U+XXXX] (core's visibleName),
 * never obeyed. The links are made through the API, as a hostile sender would.
 */
import { buildFragment } from '@sealdrop/core/crypto/fragment';
import { generateKeyMaterial } from '@sealdrop/core/crypto/key-material';
import { type MetadataFile, sealMetadata } from '@sealdrop/core/crypto/metadata-record';
import { encryptBytes } from '@sealdrop/core/crypto/record-cipher';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';
import type { AppServer } from './support/app-server';

const RLO = '\u202E';
/** Anything a name must not carry onto the page: C0, C1, bidirectional controls and marks. */
const HIDDEN = new RegExp(
  [
    '[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f',
    '\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]',
  ].join(''),
);

async function api<T>(server: AppServer, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${server.origin}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { status: string; data: T; message?: string };
  if (json.status !== 'success') throw new Error(`${path}: ${json.message}`);
  return json.data;
}

/** One encrypted link carrying `files` (their contents end to end); answers its parts. */
async function sealedLink(
  server: AppServer,
  files: { path: string; text: string }[],
  token?: string,
) {
  const material = await generateKeyMaterial();
  const plaintext = new TextEncoder().encode(files.map((file) => file.text).join(''));
  const list: MetadataFile[] = files.map(({ path, text }) => ({
    name: path.split('/').at(-1)!,
    path,
    size: text.length,
    type: '',
  }));
  const plan = await api<{ uploadUrl: string; objectKey: string; slug: string }>(
    server,
    '/upload/presign',
    {
      encryptedMetadata: await sealMetadata({ files: list }, material.rawKey),
      size: plaintext.length,
      isEncrypted: true,
    },
    token,
  );
  const sealed = await encryptBytes(material.key, material.iv, plaintext);
  const put = await fetch(plan.uploadUrl, { method: 'PUT', body: new Blob([sealed]) });
  expect(put.ok).toBe(true);
  const done = await api<{ fileId: string }>(
    server,
    '/upload/finalize',
    { objectKey: plan.objectKey, slug: plan.slug },
    token,
  );
  const fragment = buildFragment(material);
  return {
    url: `${server.origin}/download/${plan.slug}#${fragment}`,
    fileId: done.fileId,
    fragment,
  };
}

async function mainText(page: Page): Promise<string> {
  return (await page.locator('main').textContent()) ?? '';
}

describe('file names with hidden characters, in Chromium', () => {
  const app = appInBrowser();

  it("writes them out in a link's file list and in the saved file's name", async () => {
    const link = await sealedLink(app.server, [
      { path: `Docs/invoice${RLO}fdp.exe`, text: 'MZ not a pdf\n' },
      { path: 'Docs/a\u009B2Jb.txt', text: 'c1\n' },
      { path: 'Docs/notes\u2066.txt', text: 'isolate\n' },
    ]);
    const context = await app.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(link.url);
    const list = page.getByRole('list', { name: 'Files in this link' });
    await list.waitFor();
    const names = await list.locator('.link-files__name').allTextContents();
    expect(names).toEqual([
      'Docs/invoice[U+202E]fdp.exe',
      'Docs/a[U+009B]2Jb.txt',
      'Docs/notes[U+2066].txt',
    ]);
    expect(await mainText(page)).not.toMatch(HIDDEN);

    const downloadEvent = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Download Docs/invoice[U+202E]fdp.exe' }).click();
    const download = await downloadEvent;
    expect(await download.failure()).toBeNull();
    expect(download.suggestedFilename()).toBe('invoice[U+202E]fdp.exe');
    await page.getByText(/File decrypted and saved as/).waitFor({ timeout: 60_000 });
    expect(await mainText(page)).not.toMatch(HIDDEN);
    await context.close();
  });

  it("writes them out in a single file's details and in its sender's My files", async () => {
    const registered = await fetch(`${app.server.origin}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `rlo-${Date.now()}@example.com`, password: 'Correct-Horse-9' }),
    });
    const token = ((await registered.json()) as { data: { token: string } }).data.token;
    const link = await sealedLink(
      app.server,
      [{ path: `invoice${RLO}fdp.exe`, text: 'MZ\n' }],
      token,
    );

    const recipient = await app.browser.newPage();
    await recipient.goto(link.url);
    const details = recipient.locator('.download-details__name');
    await expect.poll(() => details.textContent()).toBe('invoice[U+202E]fdp.exe');
    expect(await mainText(recipient)).not.toMatch(HIDDEN);
    await recipient.close();

    // The sender's browser, which remembered the link's key at upload, as the home page does.
    const sender = await app.browser.newContext();
    await sender.addInitScript(
      ({ token, fileId, fragment }) => {
        localStorage.setItem('authToken', token);
        localStorage.setItem(`sealdrop:keys:${fileId}`, fragment);
      },
      { token, fileId: link.fileId, fragment: link.fragment },
    );
    const page = await sender.newPage();
    await page.goto(`${app.server.origin}/account/files`);
    await page.getByRole('table').getByText('invoice[U+202E]fdp.exe', { exact: true }).waitFor();
    expect(await page.getByRole('table').textContent()).not.toMatch(HIDDEN);
    await sender.close();
  });
});
