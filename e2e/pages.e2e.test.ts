import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';

describe('every page in Chromium', () => {
  const app = appInBrowser();

  const ROUTES = [
    '/',
    '/mission',
    '/about',
    '/download/abcdefghij12',
    '/s/abcdefghij12',
    '/auth/callback',
    '/no/such/page',
    // Swagger UI: its own CSP (inline styles allowed there only, api-docs.plugin.ts).
    '/api/docs/',
  ];

  for (const route of ROUTES) {
    it(`${route} talks only to its own origin and breaks no CSP rule`, async () => {
      const page = await app.browser.newPage();
      const foreign: string[] = [];
      const cspViolations: string[] = [];
      page.on('request', (request) => {
        const url = request.url();
        if (
          !url.startsWith(app.server.origin) &&
          !url.startsWith('data:') &&
          !url.startsWith('blob:')
        )
          foreign.push(url);
      });
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
      });
      await page.goto(`${app.server.origin}${route}`, { waitUntil: 'networkidle' });
      await expect.poll(() => page.locator('body').textContent()).not.toBe('');
      // Swagger UI renders (and would break style-src) only once it has fetched the description.
      if (route === '/api/docs/')
        await page.getByRole('heading', { name: /Sealdrop API/ }).waitFor();
      expect(foreign).toEqual([]);
      expect(cspViolations).toEqual([]);
      await page.close();
    });
  }

  it("tells on /mission what the server sees: an encrypted upload's neither name nor type", async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.server.origin}/mission`);
    const card = page.getByRole('listitem').filter({ hasText: 'Honest about the limits' });
    await card
      .getByText("With encryption on, our server sees neither the file's name nor its type", {
        exact: false,
      })
      .waitFor();
    await card
      .getByText('Without encryption it sees the name and type too.', { exact: false })
      .waitFor();
    expect(await page.getByText('Our server sees the file name').count()).toBe(0);
    await page.close();
  });

  it('shows the 404 page for an unknown route', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.server.origin}/no/such/page`);
    await page.getByText('404 - Page Not Found').waitFor();
    await page
      .getByText('Sorry, the page you are looking for does not exist or the file has expired.')
      .waitFor();
    await page.getByRole('link', { name: 'Return to Homepage' }).click();
    await page.waitForURL(`${app.server.origin}/`);
    await page.close();
  });
});
