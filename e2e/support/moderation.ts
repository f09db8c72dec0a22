/**
 * What the moderation browser tests share: a verified account (so that ADMIN_EMAILS counts it),
 * a browser context signed in as it, a file shared from the home page, a report filed from the
 * download page, and the count of stored objects on either storage driver.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestS3 } from '../../packages/server/src/testing/s3rver';
import type { AppServer } from './app-server';
import { randomFile } from './files';
import { readyShareLink } from './share-link';

export const ADMIN_EMAIL = 'moderator@example.com';
const PASSWORD = 'Moderate-Carefully-7';

async function waitFor<T>(find: () => T | null, what: string): Promise<T> {
  for (let tries = 0; tries < 200; tries += 1) {
    const found = find();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} did not appear in time`);
}

/**
 * Registers `email` and, unless `verified` is false, opens its verification link: without SMTP
 * the server writes the mail to its log, where the link is read. Returns the session token.
 */
export async function registeredAccount(
  server: AppServer,
  email: string,
  { verified = true }: { verified?: boolean } = {},
): Promise<string> {
  const response = await fetch(`${server.origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  const token = (await response.json()).data.token as string;
  if (!verified) return token;
  const mailTo = new RegExp(
    `${email.replace(/[.@]/g, '\\$&')}[\\s\\S]*?/verify-email#token=([A-Za-z0-9_-]+)`,
  );
  const link = await waitFor(() => mailTo.exec(server.logs.join('')), `the mail to ${email}`);
  const verifiedResponse = await fetch(`${server.origin}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: link[1] }),
  });
  expect(verifiedResponse.status).toBe(200);
  return token;
}

/** A fresh browser context signed in with `token` (as a login would leave it). */
export async function signedInContext(
  browser: Browser,
  token: string,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
  return context;
}

/** Shares a random file from the home page; answers its link (with the key) and its hash. */
export async function shareFile(browser: Browser, origin: string, size = 150_000) {
  const file = randomFile('suspicious.bin', size);
  const page = await browser.newPage();
  await page.goto(origin);
  await page.locator('input[type=file]').setInputFiles(file.path);
  const link = await readyShareLink(page);
  await page.close();
  return { link, sha256: file.sha256 };
}

/** The report dialog of the download page open in `page`. */
export async function openReportDialog(page: Page) {
  await page.getByRole('button', { name: 'Report this file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this file' });
  await dialog.waitFor();
  return dialog;
}

/** How many objects the store holds: the local driver's files, or the bucket's keys. */
export function objectCounter(server: AppServer, s3?: TestS3): () => Promise<number> {
  if (s3) {
    return async () => {
      let count = 0;
      for await (const _ of s3.driver.listObjects('')) count += 1;
      return count;
    };
  }
  return async () => {
    try {
      return readdirSync(join(server.dataDir, 'objects'), {
        recursive: true,
        withFileTypes: true,
      }).filter((entry) => entry.isFile()).length;
    } catch {
      return 0;
    }
  };
}
