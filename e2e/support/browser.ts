/**
 * Debian's Chromium and Firefox ESR, headless, driven by playwright-core; never a downloaded
 * browser. Each Vitest worker process has one Chromium for the whole run (started by
 * global-setup.ts, ./shared-chromium.ts); a test file connects to its worker's and works in fresh
 * contexts of its own; a file that needs an on-disk profile launches a Chromium of its own
 * (onDiskProfile). Firefox (the core flows only, ./browsers.ts) is launched per file over WebDriver
 * BiDi: playwright-core cannot attach to a running stock Firefox.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, firefox } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, removeProfile } from '../../scripts/chromium.mjs';
import { firefoxLaunchOptions } from '../../scripts/firefox.mjs';
import type { BrowserName } from './browsers';

/**
 * The run's Chromium that this worker process claimed: the first one no other process holds (a
 * file created exclusively, so two processes never get the same), or the one it already holds;
 * null when every one is held. Vitest's VITEST_POOL_ID cannot choose it: in a whole `npm test`
 * run both e2e workers had pool id 1.
 */
export function claimedChromium(): { wsEndpoint: string; pid: number } | null {
  const { browsers, claims } = inject('sharedChromiums');
  for (const [index, browser] of browsers.entries()) {
    const claim = join(claims, String(index));
    try {
      writeFileSync(claim, String(process.pid), { flag: 'wx' });
      return browser;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (readFileSync(claim, 'utf8') === String(process.pid)) return browser;
    }
  }
  return null;
}

/**
 * The Chromium of this worker process, over CDP. Not one browser for all workers: a CDP
 * connection adopts every page of its browser, other connections' too, and re-applies its own
 * emulation to them, so a file starting in one worker turned the dark-scheme pages of a file
 * running in the other light. A worker runs its files one after another. `close()` only
 * disconnects: the contexts this connection created go with it, the browser stays for the next
 * file. `isLocal`: downloads and uploaded files are read from and written to this machine's disk
 * directly. A worker process beyond the browsers started (Vitest replaced one) launches its own,
 * which `close()` ends. `'Firefox'`: a Firefox of the caller's own (launchFirefox), which
 * `close()` ends.
 */
export function connectBrowser(name: BrowserName = 'Chromium'): Promise<Browser> {
  if (name === 'Firefox') return launchFirefox().then(({ browser }) => browser);
  const shared = claimedChromium();
  if (!shared) {
    return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  }
  return chromium.connectOverCDP(shared.wsEndpoint, { isLocal: true });
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

/**
 * A Firefox ESR of the caller's own, headless, saving downloads into `downloads` (a fresh folder
 * unless one is given, which a test can inspect). close() ends it; a folder made here is removed
 * with it.
 */
export async function launchFirefox(
  downloads?: string,
): Promise<{ browser: Browser; downloads: string }> {
  const folder = downloads ?? mkdtempSync(join(tmpdir(), 'sealdrop-e2e-firefox-downloads-'));
  const removeFolder = () => {
    if (!downloads) rmSync(folder, { recursive: true, force: true });
  };
  const launch = () => firefox.launch(firefoxLaunchOptions({ downloadsPath: folder }));
  let browser: Browser;
  try {
    // On a machine loaded far beyond its cores, a fresh Firefox failed to start once in a whole
    // e2e run; a second start is cheaper than a lost file of tests.
    browser = await launch().catch(launch);
  } catch (error) {
    removeFolder();
    throw error;
  }
  browser.on('disconnected', removeFolder);
  return { browser, downloads: folder };
}

/**
 * A browser of the caller's own that saves every download into `downloads`, so a test can see
 * what a download left on disk (Chromium names its files there by a random id, Firefox by the
 * file's name plus a `.part` while it runs). close() ends it; the folder is the caller's.
 */
export async function launchWithDownloads(name: BrowserName, downloads: string): Promise<Browser> {
  if (name === 'Firefox') return (await launchFirefox(downloads)).browser;
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    downloadsPath: downloads,
  });
}
