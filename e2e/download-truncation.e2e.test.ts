/**
 * A stored ciphertext cut short at a record boundary (every remaining record authenticates; only
 * the last-record check can notice), or with one byte flipped in the middle, must show the fixed
 * error, never "saved", and leave nothing in the downloads folder: no partial file, no empty file,
 * no `.part`. In Chromium and in Firefox. The object is altered on the server's disk, so the HTTP
 * response itself is complete and well-formed: nothing but the decryption can catch it.
 */
import { randomBytes } from 'node:crypto';
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFragment } from '@sealdrop/core/crypto/fragment';
import { importKey } from '@sealdrop/core/crypto/key-material';
import { sealMetadata, singleFileRecord } from '@sealdrop/core/crypto/metadata-record';
import { encryptBytes } from '@sealdrop/core/crypto/record-cipher';
import { HEADER_SIZE, RECORD_SIZE, TAG_SIZE } from '@sealdrop/core/record-format';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from './support/app-server';
import { launchWithDownloads } from './support/browser';
import { CORE_FLOW_BROWSERS } from './support/browsers';

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

/** The stored object of an upload, found by its size on the server's disk. */
function storedObject(server: AppServer, sealedSize: number): string {
  const [object] = filesUnder(join(server.dataDir, 'objects')).filter(
    (path) => statSync(path).size === sealedSize,
  );
  if (!object) throw new Error('the stored object was not found');
  return object;
}

/** Ways to spoil a stored object that only decryption can notice. */
const SPOILERS: [string, (object: string) => void][] = [
  [
    'whole final records are missing',
    // Keep the header and the first 30 records exactly: each of them still authenticates.
    (object) => truncateSync(object, HEADER_SIZE + 30 * (RECORD_SIZE + TAG_SIZE)),
  ],
  [
    'one byte in the middle is changed',
    (object) => {
      const bytes = readFileSync(object);
      const at = HEADER_SIZE + 20 * (RECORD_SIZE + TAG_SIZE) + 1234;
      bytes[at] = (bytes[at] ?? 0) ^ 0x01;
      writeFileSync(object, bytes);
    },
  ],
];

/** What the page's origin-private file system holds of staged downloads (none: []). */
function stagedDownloads(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const folder = await root.getDirectoryHandle('sealdrop-downloads').catch(() => null);
    const names: string[] = [];
    if (!folder) return names;
    for await (const name of (folder as unknown as { keys(): AsyncIterable<string> }).keys()) {
      names.push(name);
    }
    return names;
  });
}

describe.each(CORE_FLOW_BROWSERS)('a spoiled encrypted download in %s', (browserName) => {
  let server: AppServer;
  let browser: Browser;
  let downloads = '';
  beforeAll(async () => {
    downloads = mkdtempSync(join(tmpdir(), 'sealdrop-e2e-downloads-'));
    [server, browser] = await Promise.all([
      startAppServer(),
      launchWithDownloads(browserName, downloads),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (downloads) rmSync(downloads, { recursive: true, force: true });
  });

  it.each(SPOILERS)(
    'shows the error and leaves nothing in the downloads folder when %s',
    async (_what, spoil) => {
      const plaintext = new Uint8Array(randomBytes(RECORDS * RECORD_SIZE + 999));
      const { slug, fragment, sealedSize } = await uploadSealed(server, plaintext);
      spoil(storedObject(server, sealedSize));

      const context = await browser.newContext({ acceptDownloads: true });
      const page = await context.newPage();
      await page.goto(`${server.origin}/download/${slug}#${fragment}`);
      await page.getByRole('button', { name: 'Download & Decrypt File' }).click();

      const alert = page.getByRole('alert');
      await expect
        .poll(() => alert.textContent(), { timeout: 60_000 })
        .toContain('Error downloading or decrypting the file.');
      expect(await alert.textContent()).toContain('incomplete or has been tampered with');
      expect(await page.getByText(/File decrypted and saved/).count()).toBe(0);
      // A browser that had started saving may take a moment to remove what it wrote.
      await expect.poll(() => readdirSync(downloads), { timeout: 15_000 }).toEqual([]);
      // Nor in the origin's private file system, where Firefox stages a download.
      expect(await stagedDownloads(page)).toEqual([]);
      await context.close();
    },
  );
});
