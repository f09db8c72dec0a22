/**
 * Reports and the moderation console in Chromium. A recipient reports a shared file with its key;
 * a moderator (a verified address in ADMIN_EMAILS) sees the report at /admin, opens the file
 * through its download page (identical bytes) and removes it; a fresh browser opening the link is
 * told it was removed, and the object is gone from storage: on the local driver and on S3
 * (s3rver). Everyone else gets the not-found page at /admin.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestS3 } from '../packages/server/src/testing/s3rver';
import { appInBrowser, appInBrowserOnS3 } from './support/app-in-browser';
import type { AppServer } from './support/app-server';
import { fileSha256 } from './support/files';
import {
  ADMIN_EMAIL,
  objectCounter,
  openReportDialog,
  registeredAccount,
  shareFile,
  signedInContext,
} from './support/moderation';
import { recordRequests } from './support/requests';

const UNVERIFIED_ADMIN = 'unverified-admin@example.com';
const ADMINS = { ADMIN_EMAILS: `${ADMIN_EMAIL},${UNVERIFIED_ADMIN}` };
const REMOVED = 'This file was removed for violating the terms of use.';
const DETAILS = 'The "invoice" is an installer that asks for my bank password.';

/** The whole way from a report to a removal; `s3` when the app stores in s3rver. */
async function reportOpenAndRemove(browser: Browser, server: AppServer, s3?: TestS3) {
  const objects = objectCounter(server, s3);
  const { link, sha256 } = await shareFile(browser, server.origin);
  expect(await objects()).toBe(1);
  const key = new URL(link).hash.slice(1);

  // A recipient reports it, with its key.
  const recipient = await browser.newContext();
  const requests = recordRequests(recipient);
  const page = await recipient.newPage();
  await page.goto(link);
  await page.getByRole('button', { name: 'Download & Decrypt File' }).waitFor();
  const dialog = await openReportDialog(page);
  await dialog.getByLabel('Reason').selectOption({ label: 'Malware or phishing' });
  await dialog.getByLabel('Details').fill(DETAILS);
  await dialog.getByLabel('Include the key so a moderator can check the file').check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await dialog.getByText('Thank you. A moderator will look at this link.').waitFor();
  const report = requests.find((request) => request.url.endsWith('/api/reports'));
  expect(JSON.parse(report?.body ?? '{}')).toMatchObject({ reason: 'malware', key });
  await recipient.close();

  // The moderator sees it, opens the file in this browser with the reporter's key.
  const moderator = await signedInContext(browser, await registeredAccount(server, ADMIN_EMAIL));
  const admin = await moderator.newPage();
  await admin.goto(`${server.origin}/admin`);
  const card = admin.getByRole('article').filter({ hasText: DETAILS });
  await card.waitFor();
  await card.getByText('Malware or phishing × 1').waitFor();
  await card.getByText('Anonymous').waitFor();
  const [tab] = await Promise.all([
    moderator.waitForEvent('page'),
    card.getByRole('link', { name: /^Open file/ }).click(),
  ]);
  await tab.waitForURL(/\/download\//);
  const downloaded = tab.waitForEvent('download', { timeout: 60_000 });
  await tab.getByRole('button', { name: 'Download & Decrypt File' }).click();
  const download = await downloaded;
  expect(fileSha256(await download.path())).toBe(sha256);
  await tab.close();

  // Removed: the object goes at once, the link says why.
  await card.getByRole('button', { name: /^Remove file/ }).click();
  const confirm = admin.getByRole('dialog', { name: 'Remove this file?' });
  await confirm.getByLabel('Reason').selectOption({ label: 'Malware or phishing' });
  await confirm.getByRole('button', { name: 'Remove file' }).click();
  await admin.getByText(/^Removed .*\.$/).waitFor();
  await expect.poll(objects, { timeout: 10_000 }).toBe(0);
  await admin.getByText('No open reports. Nothing is waiting for a moderator.').waitFor();

  const stranger = await browser.newPage();
  await stranger.goto(link);
  await stranger.getByText(REMOVED).waitFor();
  expect(await stranger.getByRole('button', { name: 'Download & Decrypt File' }).count()).toBe(0);
  await stranger.close();

  // The audit log has it.
  await admin.getByRole('link', { name: 'Audit log' }).click();
  const entry = admin.getByRole('row').filter({ hasText: 'Removed a file' });
  await entry.waitFor();
  expect(await entry.textContent()).toContain(ADMIN_EMAIL);
  await moderator.close();
}

describe('moderation on the local driver, in Chromium', () => {
  const app = appInBrowser(ADMINS);

  it('takes a reported file from the report to its removal', async () => {
    await reportOpenAndRemove(app.browser, app.server);
  });

  it('shows the not-found page at /admin to a visitor, an account and an unverified admin address', async () => {
    const notFound = '404 - Page Not Found';
    const visitor = await app.browser.newPage();
    await visitor.goto(`${app.server.origin}/admin`);
    await visitor.getByRole('heading', { name: notFound }).waitFor();
    await visitor.goto(`${app.server.origin}/admin/audit`);
    await visitor.getByRole('heading', { name: notFound }).waitFor();
    await visitor.close();

    for (const token of [
      await registeredAccount(app.server, 'someone-else@example.com'),
      // In ADMIN_EMAILS, but nobody proved the address is theirs.
      await registeredAccount(app.server, UNVERIFIED_ADMIN, { verified: false }),
    ]) {
      const context = await signedInContext(app.browser, token);
      const page = await context.newPage();
      const answers: number[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.startsWith('/api/admin'))
          answers.push(response.status());
      });
      await page.goto(`${app.server.origin}/admin`);
      await page.getByRole('heading', { name: notFound }).waitFor();
      expect(await page.getByRole('heading', { name: 'Moderation' }).count()).toBe(0);
      expect(answers).toEqual([404]);
      await context.close();
    }
  });
});

describe('moderation on S3 (s3rver), in Chromium', () => {
  const app = appInBrowserOnS3(ADMINS);

  it('takes a reported file from the report to its removal, deleting it from the bucket', async () => {
    await reportOpenAndRemove(app.browser, app.server, app.s3);
  });
});
