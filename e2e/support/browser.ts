/**
 * Debian's Chromium, headless, driven by playwright-core; never a downloaded browser. One Chromium
 * serves the whole run (started by global-setup.ts, ./shared-chromium.ts); a test file connects
 * to it and works in fresh contexts of its own; a file that needs an on-disk profile launches a
 * Chromium of its own (onDiskProfile).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, removeProfile } from '../../scripts/chromium.mjs';

/**
 * The run's Chromium, over CDP. `close()` on it only disconnects: the contexts this connection
 * created go with it, the browser stays for the next file. `isLocal`: downloads and uploaded files
 * are read from and written to this machine's disk directly, as with a launched browser.
 */
export function connectBrowser(): Promise<Browser> {
  return chromium.connectOverCDP(inject('sharedChromium').wsEndpoint, { isLocal: true });
}

/**
 * A Chromium of this file's own with an on-disk profile, as people have it. Playwright's new
 * contexts behave like private windows (storage kept in memory), which the upload staging
 * deliberately avoids. Launched rather than borrowed from the run's browser, whose default
 * context (the only one with a profile) every file running at the same time would share;
 * close() ends the browser and removes its profile.
 */
export async function onDiskProfile(): Promise<{
  context: BrowserContext;
  close: () => Promise<void>;
}> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'sealdrop-e2e-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  return {
    context,
    close: async () => {
      await context.close();
      removeProfile(userDataDir);
    },
  };
}
