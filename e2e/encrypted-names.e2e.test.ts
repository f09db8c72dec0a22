/**
 * Sealed names in Chromium: an encrypted upload's name never reaches the server. A file with a
 * distinctive name is shared from the home page; then every table of the database, every byte the
 * store keeps (objects, the local driver's sidecar files, s3rver's object metadata) and the whole
 * server log are searched for the name: zero hits. The recipient's page still shows the name and
 * the saved file has it, and My files names it in the sender's browser only ("Encrypted file"
 * elsewhere, where it offers no keyless link to copy) — on the local driver and on S3 (s3rver).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInBrowser, appInBrowserOnS3 } from './support/app-in-browser';
import type { AppServer } from './support/app-server';
import { saveDecrypted } from './support/download';
import { randomFile } from './support/files';
import { readyShareLink } from './support/share-link';

const NAME = 'Zanzibar-Merger-Plan-Q3-4471.pdf';
/** Parts of the name too, so that a cut or re-encoded copy is found as well. */
const NEEDLES = [NAME, 'Zanzibar', 'Merger-Plan-Q3-4471'];

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every row of every table of the server's SQLite database, as text. */
function databaseText(dataDir: string): string {
  const db = new SQLite(join(dataDir, 'sealdrop.db'), { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
      name: string;
    }[];
    return tables
      .map(({ name }) => `${name}: ${JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all())}`)
      .join('\n');
  } finally {
    db.close();
  }
}

/** Which of `files` hold a needle in their bytes (UTF-8, as names are sent and stored). */
function filesHolding(files: string[]): string[] {
  return files.filter((path) => {
    const bytes = readFileSync(path);
    return NEEDLES.some((needle) => bytes.includes(Buffer.from(needle, 'utf8')));
  });
}

function hits(text: string): string[] {
  return NEEDLES.filter((needle) => text.includes(needle));
}

/** A browser context signed in (the token set before any page script runs). */
async function signedIn(browser: Browser, token: string) {
  const context = await browser.newContext();
  await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
  return context;
}

async function register(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `names-${Date.now()}@example.com`, password: 'Correct-Horse-9' }),
  });
  return (await response.json()).data.token as string;
}

/**
 * A signed-in sender shares the named file encrypted; My files names it in the sender's browser
 * (which remembers the key) and says "Encrypted file" in another signed-in browser; a recipient
 * opens the link and saves it.
 */
async function shareAndDownload(app: { server: AppServer; browser: Browser }) {
  const file = randomFile(NAME, 200_000);
  const token = await register(app.server.origin);
  const senderContext = await signedIn(app.browser, token);
  const sender = await senderContext.newPage();
  await sender.goto(app.server.origin);
  await sender.locator('input[type=file]').setInputFiles(file.path);
  const link = await readyShareLink(sender);
  expect(link).toContain('#key=');
  await sender.goto(`${app.server.origin}/account/files`);
  await sender.getByRole('table').getByText(NAME, { exact: true }).waitFor();
  expect(await sender.getByRole('button', { name: `Copy link to ${NAME}` }).count()).toBe(1);
  await senderContext.close();

  const elsewhere = await signedIn(app.browser, token);
  const other = await elsewhere.newPage();
  await other.goto(`${app.server.origin}/account/files`);
  await other.getByRole('table').getByText('Encrypted file', { exact: true }).waitFor();
  expect(await other.getByText(NAME).count()).toBe(0);
  // Its link would go out without the key: no Copy link, and the row says where the key is.
  await other
    .getByRole('table')
    .getByText('The key for this link is only in the browser that uploaded it.')
    .waitFor();
  expect(await other.getByRole('button', { name: /Copy link/ }).count()).toBe(0);
  expect(await other.getByText('Link copied').count()).toBe(0);
  await elsewhere.close();

  const recipient = await app.browser.newPage();
  await recipient.goto(link);
  // The name is opened in this page from the sealed record, with the key in the link.
  await recipient.getByText(NAME, { exact: true }).waitFor();
  const saved = await saveDecrypted(recipient, link);
  expect(saved.sha256).toBe(file.sha256);
  expect(saved.name).toBe(NAME);
  await recipient.getByText(`File decrypted and saved as ${NAME}.`).waitFor();
  await recipient.close();
}

describe('encrypted names on the local driver, in Chromium', () => {
  const app = appInBrowser();

  it('keeps the name out of the database, the stored files and the log, and still shows it', async () => {
    await shareAndDownload(app);
    const { dataDir, logs } = app.server;
    expect(databaseText(dataDir)).toContain('encrypted_metadata');
    expect(hits(databaseText(dataDir))).toEqual([]);
    // sealdrop.db (and its journal), the objects and every sidecar the local driver writes.
    const stored = filesUnder(dataDir);
    expect(stored.some((path) => path.endsWith('.enc'))).toBe(true);
    expect(filesHolding(stored)).toEqual([]);
    expect(logs.join('').length).toBeGreaterThan(0);
    expect(hits(logs.join(''))).toEqual([]);
  });
});

describe('encrypted names on S3 (s3rver), in Chromium', () => {
  const app = appInBrowserOnS3();

  it('keeps the name out of the database, the bucket (bytes and metadata) and the log', async () => {
    await shareAndDownload(app);
    const { dataDir, logs } = app.server;
    expect(hits(databaseText(dataDir))).toEqual([]);
    expect(filesHolding(filesUnder(dataDir))).toEqual([]);
    // s3rver keeps each object beside a JSON file of its metadata (type, disposition, user data).
    const bucket = filesUnder(app.s3.directory);
    expect(bucket.some((path) => path.includes('metadata'))).toBe(true);
    expect(filesHolding(bucket)).toEqual([]);
    expect(hits(logs.join(''))).toEqual([]);
  });
});
