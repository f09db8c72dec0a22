/**
 * A first visit straight to a page other than home (a shared link, a bookmark) loads that page's
 * script after the app's, and says nothing in the browser's console while it does: no warning,
 * no error, no failed script.
 */
import type { ConsoleMessage } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';
import { CORE_FLOW_BROWSERS } from './support/browsers';

const PAGES = [
  { path: '/about', heading: 'Send a file to one person, not to everyone in between' },
  { path: '/mission', heading: 'Share a file without giving it away' },
  { path: '/terms', heading: 'Terms of use' },
];

describe.each(CORE_FLOW_BROWSERS)('a first visit to a page in %s', (browserName) => {
  const app = appInBrowser({}, browserName);

  it('shows /about, /mission and /terms with nothing in the console', async () => {
    const said: string[] = [];
    const context = await app.browser.newContext();
    for (const { path, heading } of PAGES) {
      const page = await context.newPage();
      page.on('console', (message: ConsoleMessage) => {
        if (message.type() === 'warning' || message.type() === 'error')
          said.push(`${path}: ${message.text()}`);
      });
      page.on('pageerror', (error) => said.push(`${path}: ${error.message}`));
      await page.goto(`${app.server.origin}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.close();
    }
    await context.close();
    expect(said).toEqual([]);
  });
});
