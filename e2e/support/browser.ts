/** Debian's Chromium, headless, driven by playwright-core; never a downloaded browser. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/**
 * A browser with an on-disk profile, as people have. Playwright's usual contexts behave like
 * private windows (storage kept in memory), which the upload staging deliberately avoids.
 */
export async function launchProfile(): Promise<{
  context: BrowserContext;
  close: () => Promise<void>;
}> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'sealdrop-e2e-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    acceptDownloads: true,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
