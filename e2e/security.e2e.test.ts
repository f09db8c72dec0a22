/**
 * The browser half of the bad-input and abuse checks: the page's Content-Security-Policy
 * really stops inline script, hostile file names render as plain text on the download page, and an
 * uploaded HTML file is downloaded, never run on the app's origin. "No page requests another
 * origin" is pages.e2e.test.ts, over every route.
 */
import { visibleName } from '@sealdrop/core/file-list';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';
import type { AppServer } from './support/app-server';

/** A plain (unencrypted) upload through the API, as curl would do it; returns the file id. */
async function uploadPlain(server: AppServer, filename: string, contentType: string, body: string) {
  const bytes = Buffer.from(body);
  const presign = await fetch(`${server.origin}/api/upload/presign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ filename, contentType, size: bytes.length }),
  });
  const answer = await presign.json();
  expect(presign.status, answer.message).toBe(200);
  const plan = answer.data as { uploadUrl: string; objectKey: string; slug: string };
  const put = await fetch(plan.uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: bytes,
  });
  expect(put.status).toBe(200);
  const finalize = await fetch(`${server.origin}/api/upload/finalize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ objectKey: plan.objectKey, slug: plan.slug }),
  });
  expect(finalize.status).toBe(200);
  return plan.slug;
}

describe('security in Chromium', () => {
  const app = appInBrowser();

  async function openPage(path: string): Promise<Page> {
    const page = await app.browser.newPage();
    await page.goto(`${app.server.origin}${path}`, { waitUntil: 'networkidle' });
    return page;
  }

  it('serves pages with a CSP whose script-src allows no inline script', async () => {
    const response = await fetch(`${app.server.origin}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const directives = new Map(
      csp.split(';').map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('blocks an inline script injected into a page and reports the violation', async () => {
    const page = await openPage('/about');
    const outcome = await page.evaluate(async () => {
      const violations: string[] = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        violations.push(event.effectiveDirective),
      );
      const script = document.createElement('script');
      script.textContent = 'window.__pwned = 1';
      document.body.append(script);
      const handler = document.createElement('img');
      handler.setAttribute('onerror', 'window.__pwnedByHandler = 1');
      handler.src = 'data:,not-an-image';
      document.body.append(handler);
      // Violation events are queued as tasks; give both a moment to arrive.
      const deadline = Date.now() + 3000;
      while (violations.length < 2 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const flags = window as unknown as Record<string, unknown>;
      return {
        violations: violations.sort(),
        pwned: flags.__pwned,
        byHandler: flags.__pwnedByHandler,
      };
    });
    expect(outcome).toEqual({
      violations: ['script-src-attr', 'script-src-elem'],
      pwned: undefined,
      byHandler: undefined,
    });
    await page.close();
  });

  const HOSTILE_NAMES = [
    '<img src=x onerror="window.__xss=1">.html',
    '\u202efdp.exe',
    'family\u200d\u200b.txt',
    '👨‍👩‍👧 "quoted" & <b>bold.txt',
  ];

  for (const name of HOSTILE_NAMES) {
    it(`shows ${JSON.stringify(name)} on the download page as text, not markup, hidden controls written out`, async () => {
      const fileId = await uploadPlain(app.server, name, 'text/plain', 'hello');
      const page = await openPage(`/download/${fileId}`);
      const shown = page.locator('.download-details__name');
      await shown.waitFor();
      expect(await shown.textContent()).toBe(visibleName(name));
      expect(await shown.evaluate((element) => element.children.length)).toBe(0);
      expect(await page.locator('img[src="x"], b').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBe(
        undefined,
      );
      await page.close();
    });
  }

  it('downloads an uploaded HTML file instead of running it on our origin', async () => {
    const html = "<script>document.title='pwned'; opener && (opener.__pwned = 1)</script>";
    const fileId = await uploadPlain(app.server, 'page.html', 'text/html', html);
    const context = await app.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${app.server.origin}/about`, { waitUntil: 'networkidle' });
    // The page names itself once React has rendered it (seen late under load): read the title
    // after that, so that only the uploaded script could change it afterwards.
    await page.waitForFunction(() => document.title.startsWith('About'));
    const titleBefore = await page.title();
    const download = page.waitForEvent('download');
    // A link click, as a user would follow it; the server redirects to the stored object.
    await page.evaluate((href) => {
      const link = document.createElement('a');
      link.href = href;
      document.body.append(link);
      link.click();
    }, `/api/files/${fileId}/download`);
    const file = await download;
    expect(file.suggestedFilename()).toBe('page.html');
    expect(await file.failure()).toBeNull();
    expect(page.url()).toBe(`${app.server.origin}/about`);
    expect(await page.title()).toBe(titleBefore);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBe(
      undefined,
    );
    await context.close();
  });
});
