/**
 * A stored ciphertext cut short at a record boundary (every remaining record authenticates; only
 * the last-record check can notice) must fail the browser's download and show the spec's error,
 * never "saved". The object is truncated on the server's disk, so the HTTP response itself is
 * complete and well-formed: nothing but the decryption can catch it.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { buildFragment } from '@sealdrop/core/crypto/fragment';
import { importKey } from '@sealdrop/core/crypto/key-material';
import { sealMetadata, singleFileRecord } from '@sealdrop/core/crypto/metadata-record';
import { encryptBytes } from '@sealdrop/core/crypto/record-cipher';
import { HEADER_SIZE, RECORD_SIZE, TAG_SIZE } from '@sealdrop/core/record-format';
import type { Download } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';
import type { AppServer } from './support/app-server';

const RECORDS = 40;

async function api<T>(server: AppServer, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${server.origin}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { status: string; data: T; message?: string };
  if (json.status !== 'success') throw new Error(`${path}: ${json.message}`);
  return json.data;
}

/** Uploads `plaintext` sealed with a fresh key; returns the slug and the link fragment. */
async function uploadSealed(server: AppServer, plaintext: Uint8Array) {
  const rawKey = crypto.getRandomValues(new Uint8Array(32));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await encryptBytes(await importKey(rawKey), iv, plaintext);
  const plan = await api<{ uploadUrl: string; objectKey: string; slug: string }>(
    server,
    '/upload/presign',
    {
      encryptedMetadata: await sealMetadata(
        singleFileRecord({ name: 'cut.bin', size: plaintext.length, type: '' }),
        rawKey,
      ),
      size: plaintext.length,
      isEncrypted: true,
    },
  );
  const put = await fetch(plan.uploadUrl, { method: 'PUT', body: new Blob([sealed]) });
  expect(put.ok).toBe(true);
  await api(server, '/upload/finalize', { objectKey: plan.objectKey, slug: plan.slug });
  return { slug: plan.slug, fragment: buildFragment({ rawKey, iv }), sealedSize: sealed.length };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('a truncated encrypted download in Chromium', () => {
  const app = appInBrowser();

  it('fails the browser download and says so, when whole final records are missing', async () => {
    const plaintext = new Uint8Array(randomBytes(RECORDS * RECORD_SIZE + 999));
    const { slug, fragment, sealedSize } = await uploadSealed(app.server, plaintext);
    const [object] = filesUnder(join(app.server.dataDir, 'objects')).filter(
      (path) => statSync(path).size === sealedSize,
    );
    expect(object).toBeDefined();
    // Keep the header and the first 30 records exactly: each of them still authenticates.
    truncateSync(object!, HEADER_SIZE + 30 * (RECORD_SIZE + TAG_SIZE));

    const context = await app.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    const downloads: Download[] = [];
    page.on('download', (download) => downloads.push(download));
    await page.goto(`${app.server.origin}/download/${slug}#${fragment}`);
    await page.getByRole('button', { name: 'Download & Decrypt File' }).click();

    const alert = page.getByRole('alert');
    await expect
      .poll(() => alert.textContent(), { timeout: 30_000 })
      .toContain('Error downloading or decrypting the file.');
    expect(await alert.textContent()).toContain('incomplete or has been tampered with');
    expect(await page.getByText(/File decrypted and saved/).count()).toBe(0);
    // The first records were fine, so the browser had started saving: it must mark that failed.
    // Playwright's download event can arrive after the page has shown the error.
    await expect.poll(() => downloads.length, { timeout: 10_000 }).toBe(1);
    expect(await downloads[0]!.failure()).not.toBeNull();
    await context.close();
  });
});
