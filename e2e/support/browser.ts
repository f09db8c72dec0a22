/**
 * Debian's Chromium, headless, driven by playwright-core; never a downloaded browser. One Chromium
 * serves the whole run (started by global-setup.ts, ./shared-chromium.ts); a test file connects
 * to it and works in fresh contexts of its own.
 */
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { inject } from 'vitest';

/**
 * The run's Chromium, over CDP. `close()` on it only disconnects: the contexts this connection
 * created go with it, the browser stays for the next file. `isLocal`: downloads and uploaded files
 * are read from and written to this machine's disk directly, as with a launched browser.
 */
export function connectBrowser(): Promise<Browser> {
  return chromium.connectOverCDP(inject('sharedChromium').wsEndpoint, { isLocal: true });
}

/**
 * The browser's own context, whose storage lives in the on-disk profile, as people have it.
 * Playwright's new contexts behave like private windows (storage kept in memory), which the
 * upload staging deliberately avoids. The profile outlives this file, so `origin`'s storage is
 * wiped before use and again by close(), which also closes the pages opened in it (the context
 * itself stays: closing the default context would disconnect `browser`).
 */
export async function onDiskProfile(
  browser: Browser,
  origin: string,
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const [context] = browser.contexts();
  if (!context) throw new Error('Chromium over CDP has no default context');
  const clearStorage = async () => {
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await page.close();
  };
  await clearStorage();
  return {
    context,
    close: async () => {
      for (const page of context.pages()) await page.close();
      await clearStorage();
    },
  };
}
