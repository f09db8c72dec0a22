/**
 * The first visit as a browser sees it (docs/performance.md, "First visit"): the app's scripts
 * arrive compressed and cached for good, no page load trips the Content-Security-Policy, and a
 * path that is no page of the app is a 404 with the not-found page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';
import { CORE_FLOW_BROWSERS } from './support/browsers';

/** A plain upload through the API, under a reserved short code; returns both. */
async function uploadPlain(origin: string) {
  const bytes = Buffer.from('first visit');
  const post = (path: string, body: unknown) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const tiny = (await (await post('/api/tiny/instant', {})).json()).data as {
    shortCode: string;
    completeToken: string;
  };
  const presign = await post('/api/upload/presign', {
    filename: 'note.txt',
    contentType: 'text/plain',
    size: bytes.length,
    shortCode: tiny.shortCode,
    completeToken: tiny.completeToken,
  });
  const plan = (await presign.json()).data as {
    uploadUrl: string;
    objectKey: string;
    slug: string;
  };
  await fetch(plan.uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': 'text/plain' },
    body: bytes,
  });
  await post('/api/upload/finalize', { objectKey: plan.objectKey, slug: plan.slug });
  return { fileId: plan.slug, shortCode: tiny.shortCode };
}

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
}

describe.each(CORE_FLOW_BROWSERS)('the first visit in %s', (browserName) => {
  const app = appInBrowser({}, browserName);

  it('loads the home, about and download pages and a short link without a single CSP violation', async () => {
    const { fileId, shortCode } = await uploadPlain(app.server.origin);
    const page = await app.browser.newPage();
    await watchViolations(page);
    for (const [path, heading] of [
      ['/', /share/i],
      ['/about', /about/i],
      [`/download/${fileId}`, /note\.txt/],
      [`/s/${shortCode}`, /note\.txt/],
    ] as const) {
      await page.goto(`${app.server.origin}${path}`, { waitUntil: 'networkidle' });
      await page.getByText(heading).first().waitFor();
      // Violation reports are queued as tasks: give them a moment to arrive.
      await page.waitForTimeout(300);
      const violations = await page.evaluate(
        () => (window as unknown as { __violations: string[] }).__violations,
      );
      expect(violations, path).toEqual([]);
    }
    await page.close();
  });
});

describe('the first visit in Chromium: transfer and status', () => {
  const app = appInBrowser();

  it('gets every script brotli-compressed, hashed ones cacheable for a year, the page itself revalidated', async () => {
    const page = await app.browser.newPage();
    const scripts: { url: string; size: number; encoding?: string; cache?: string }[] = [];
    const reading: Promise<void>[] = [];
    page.on('response', (response) => {
      if (!response.url().endsWith('.js')) return;
      reading.push(
        Promise.all([response.allHeaders(), response.body()]).then(([headers, body]) => {
          scripts.push({
            url: response.url(),
            size: body.length,
            encoding: headers['content-encoding'],
            cache: headers['cache-control'],
          });
        }),
      );
    });
    const answer = await page.goto(`${app.server.origin}/`, { waitUntil: 'networkidle' });
    expect(answer?.headers()['content-encoding']).toBe('br');
    expect(answer?.headers()['cache-control']).toBe('no-cache');
    await Promise.all(reading);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      // A few-byte chunk gets no smaller compressed: the build keeps it plain.
      if (script.size > 1024) expect(script.encoding, script.url).toBe('br');
      expect(script.cache, script.url).toBe('public, max-age=31536000, immutable');
    }
    await page.close();
  });

  it("asks for a file's info once, the answer preloaded with the page, and resolves a short link once, from its first script", async () => {
    const { fileId, shortCode } = await uploadPlain(app.server.origin);
    for (const path of [`/download/${fileId}`, `/s/${shortCode}`]) {
      const page = await app.browser.newPage();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      const asked: { url: string; by: string }[] = [];
      cdp.on('Network.requestWillBeSent', (event) => {
        if (!event.request.url.includes('/api/')) return;
        const frame = event.initiator.stack?.callFrames[0];
        asked.push({
          url: new URL(event.request.url).pathname,
          by: event.initiator.type === 'script' ? new URL(frame?.url ?? 'x:').pathname : 'page',
        });
      });
      const warnings: string[] = [];
      page.on('console', (message) => warnings.push(message.text()));
      await page.goto(`${app.server.origin}${path}`);
      await page.getByText('note.txt').first().waitFor();
      // Chromium says so in the console when a preload goes unused for a few seconds.
      await page.waitForTimeout(3500);
      const count = (url: string) => asked.filter((request) => request.url === url).length;
      expect(count(`/api/files/${fileId}/info`), path).toBe(1);
      expect(count('/api/config'), path).toBe(1);
      expect(asked.find((r) => r.url === `/api/files/${fileId}/info`)?.by, path).toBe('page');
      expect(
        warnings.filter((text) => /preload/i.test(text)),
        path,
      ).toEqual([]);
      if (path.startsWith('/s/')) {
        expect(
          asked.filter((r) => r.url === `/api/s/${shortCode}`),
          path,
        ).toEqual([
          { url: `/api/s/${shortCode}`, by: expect.stringMatching(/^\/assets\/short-link-early-/) },
        ]);
      }
      await page.close();
    }
  });

  it('opens a short link on a phone without shifting anything in view', async () => {
    const { shortCode } = await uploadPlain(app.server.origin);
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const shifts = { total: 0 };
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!entry.hadRecentInput) shifts.total += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${app.server.origin}/s/${shortCode}`);
    await page.getByText('note.txt').first().waitFor();
    await page.waitForTimeout(500);
    const total = await page.evaluate(
      () => (window as unknown as { __shifts: { total: number } }).__shifts.total,
    );
    expect(total).toBe(0);
    await context.close();
  });

  it('answers a path that is no page of the app with 404 and the not-found page', async () => {
    const page = await app.browser.newPage();
    const answer = await page.goto(`${app.server.origin}/no-such-page`);
    expect(answer?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 - Page Not Found' }).waitFor();
    const known = await page.goto(`${app.server.origin}/terms`);
    expect(known?.status()).toBe(200);
    await page.close();
  });
});
