/**
 * The moderation pages as people use them, in Chromium: axe finds no serious or critical
 * violation on any view of the console, its dialogs or the report dialog, and none of them
 * scrolls sideways on a 360 px phone; /terms names the operator, and the home page links it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';
import { seriousViolations } from './support/axe';
import { openReportDialog, registeredAccount, signedInContext } from './support/moderation';

const ADMIN = 'a11y-admin@example.com';
const PHONE = { width: 360, height: 800 };

describe('moderation pages in Chromium', () => {
  const app = appInBrowser({
    ADMIN_EMAILS: ADMIN,
    OPERATOR_NAME: 'Example Hosting Ltd',
    ABUSE_EMAIL: 'abuse@example.org',
  });

  async function expectAccessible(page: Page, what: string) {
    const found = await seriousViolations(page);
    expect(found, `${what}: ${JSON.stringify(found, null, 2)}`).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
  }

  /** A plain file uploaded through the API, reported once; returns its file id. */
  async function reportedPlainFile(): Promise<string> {
    const { origin } = app.server;
    const bytes = Buffer.from('not really an invoice');
    const presign = await fetch(`${origin}/api/upload/presign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ filename: 'invoice.exe', contentType: 'text/plain', size: 21 }),
    });
    const plan = (await presign.json()).data as {
      uploadUrl: string;
      objectKey: string;
      slug: string;
    };
    await fetch(plan.uploadUrl, { method: 'PUT', body: bytes });
    await fetch(`${origin}/api/upload/finalize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ objectKey: plan.objectKey }),
    });
    const report = await fetch(`${origin}/api/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        code: plan.slug,
        reason: 'spam',
        details: `A very long line without spaces to test wrapping: ${'x'.repeat(300)}`,
        email: 'reporter@example.com',
      }),
    });
    expect(report.status).toBe(200);
    return plan.slug;
  }

  it('finds nothing serious on the report dialog, and it fits a phone', async () => {
    const fileId = await reportedPlainFile();
    const page = await app.browser.newPage({ viewport: PHONE });
    await page.goto(`${app.server.origin}/download/${fileId}`);
    const dialog = await openReportDialog(page);
    await dialog
      .getByText('For a legal notice you can also write to abuse@example.org.', {
        exact: false,
      })
      .waitFor();
    await expectAccessible(page, 'the report dialog');
    await page.close();
  });

  it('finds nothing serious on any view of the console or its dialogs, at phone width', async () => {
    const fileId = await reportedPlainFile();
    const token = await registeredAccount(app.server, ADMIN);
    const context = await signedInContext(app.browser, token, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${app.server.origin}/admin`);
    const card = page.getByRole('article').filter({ hasText: fileId }).first();
    await card.waitFor();
    await expectAccessible(page, '/admin (reports)');

    for (const [button, title] of [
      [/^Remove file/, 'Remove this file?'],
      [/^Block uploader/, 'Block this uploader?'],
      [/^Dismiss/, 'Dismiss these reports?'],
    ] as const) {
      await card.getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      await expectAccessible(page, `the dialog "${title}"`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    // Something for the audit log to show.
    await card.getByRole('button', { name: /^Dismiss/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Dismiss reports' }).click();
    await page.getByText(/^Dismissed the reports of /).waitFor();

    await page.getByRole('link', { name: 'Files' }).click();
    await page.getByLabel('Link, short code, file id or account email').fill(fileId);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('article').first().waitFor();
    await expectAccessible(page, '/admin/files');

    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByText('Storage used').waitFor();
    await expectAccessible(page, '/admin/overview');

    await page.getByRole('link', { name: 'Blocks' }).click();
    await page.getByRole('heading', { name: 'Suspended accounts' }).waitFor();
    await expectAccessible(page, '/admin/blocks');

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('row').filter({ hasText: 'Dismissed reports' }).waitFor();
    await expectAccessible(page, '/admin/audit');
    await context.close();

    // The dark palette too, on the two views with the most colour (badges, the table).
    await reportedPlainFile();
    const dark = await signedInContext(app.browser, token, { colorScheme: 'dark' });
    const darkPage = await dark.newPage();
    for (const [path, role] of [
      ['/admin', 'article'],
      ['/admin/audit', 'row'],
    ] as const) {
      await darkPage.goto(`${app.server.origin}${path}`);
      await darkPage.getByRole(role).first().waitFor();
      await expectAccessible(darkPage, `${path} (dark)`);
    }
    await dark.close();
  });

  it('serves /terms naming the operator and the abuse address, linked from the home page and the footer', async () => {
    const page = await app.browser.newPage();
    await page.goto(app.server.origin);
    await page.getByText('By uploading you agree to the terms of use.').waitFor();
    const link = page.getByRole('link', { name: 'terms of use', exact: true });
    expect(await link.getAttribute('href')).toBe('/terms');
    const [terms] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await terms.getByRole('heading', { level: 1, name: 'Terms of use' }).waitFor();
    await terms.getByText(/run by Example Hosting Ltd\./).waitFor();
    expect(await terms.getByRole('link', { name: 'abuse@example.org' }).getAttribute('href')).toBe(
      'mailto:abuse@example.org',
    );
    await expectAccessible(terms, '/terms');
    await terms.close();

    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of use' }).click();
    await page.getByRole('heading', { level: 1, name: 'Terms of use' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/terms');
    await page.close();

    const phone = await app.browser.newPage({ viewport: PHONE });
    await phone.goto(`${app.server.origin}/terms`);
    await phone.getByText(/run by Example Hosting Ltd\./).waitFor();
    await expectAccessible(phone, '/terms on a phone');
    await phone.close();
  });
});
