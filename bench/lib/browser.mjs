// Debian's Chromium, headless, driven by playwright-core; never a downloaded browser. Flags and path:
// scripts/chromium.mjs, shared with the e2e tests.
//
// profile 'normal' (default): one on-disk profile, as a person's browser has, where the
// origin-private file system lives on disk. 'private': Playwright's usual throwaway contexts, which
// behave like private windows (storage kept in memory). The app picks its upload path by that
// difference (docs/uploads.md), so the benches can measure both.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, removeProfile } from '../../scripts/chromium.mjs';
import { childrenMatching, chromiumRole } from './processes.mjs';

const launchOptions = (downloadsPath) => ({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_ARGS,
  downloadsPath,
});

/**
 * The persistent profile dressed as a Browser: newContext() hands out a group of pages in the
 * one profile, and closing the group closes only its pages.
 */
function profileAsBrowser(context, userDataDir) {
  return {
    version: () => context.browser()?.version() ?? 'unknown',
    newContext: async () => {
      const pages = [];
      return {
        newPage: async () => {
          const page = await context.newPage();
          pages.push(page);
          return page;
        },
        close: async () => {
          await Promise.all(pages.map((page) => page.close()));
        },
      };
    },
    newPage: () => context.newPage(),
    close: async () => {
      await context.close();
      removeProfile(userDataDir);
    },
  };
}

/** Launches Chromium and finds its main process (a child of this one) for memory sampling. */
export async function launchBrowser({ downloadsPath, profile = 'normal' }) {
  const before = new Set(childrenMatching(process.pid, 'chromium'));
  let browser;
  if (profile === 'normal') {
    const userDataDir = mkdtempSync(join(tmpdir(), 'sealdrop-bench-profile-'));
    const context = await chromium.launchPersistentContext(userDataDir, {
      ...launchOptions(downloadsPath),
      acceptDownloads: true,
    });
    // The profile opens with a blank page; close it so that the idle footprint has no page.
    await Promise.all(context.pages().map((page) => page.close()));
    browser = profileAsBrowser(context, userDataDir);
  } else {
    browser = await chromium.launch(launchOptions(downloadsPath));
  }
  const pids = childrenMatching(process.pid, 'chromium').filter((pid) => !before.has(pid));
  if (pids.length !== 1) throw new Error(`expected one new Chromium process, found ${pids}`);
  return { browser, pid: pids[0], version: browser.version(), roleOf: chromiumRole, profile };
}
