/**
 * Debian's Chromium, headless, driven by playwright-core; never a downloaded browser. Each Vitest
 * worker has one Chromium for the whole run (started by global-setup.ts, ./shared-chromium.ts); a
 * test file connects to its worker's and works in fresh contexts of its own; a file that needs an
 * on-disk profile launches a Chromium of its own (onDiskProfile).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, removeProfile } from '../../scripts/chromium.mjs';

/** The Chromium of the Vitest worker running this file (VITEST_POOL_ID counts from 1). */
export function workerChromium(): { wsEndpoint: string; pid: number } {
  const browsers = inject('sharedChromiums');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const browser = browsers[worker - 1];
  if (!browser) throw new Error(`no Chromium for Vitest worker ${worker} of ${browsers.length}`);
  return browser;
}

/**
 * This worker's Chromium, over CDP. Not one browser for all workers: a CDP connection adopts every
 * page of the browser, other connections' too, and re-applies its own emulation to them, so a
 * file starting in one worker turned the dark-scheme pages of a file running in the other light.
 * Files of one worker run one after another. `close()` only disconnects: the contexts this
 * connection created go with it, the browser stays for the next file. `isLocal`: downloads and
 * uploaded files are read from and written to this machine's disk directly.
 */
export function connectBrowser(): Promise<Browser> {
  return chromium.connectOverCDP(workerChromium().wsEndpoint, { isLocal: true });
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
