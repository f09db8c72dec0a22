// Debian's Chromium, headless, driven by playwright-core; never a downloaded browser. Same flags as
// e2e/support/browser.ts (TOOLCHAIN.md explains them).
import { chromium } from 'playwright-core';
import { childrenMatching, chromiumRole } from './processes.mjs';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches Chromium and finds its main process (a child of this one) for memory sampling. */
export async function launchBrowser({ downloadsPath }) {
  const before = new Set(childrenMatching(process.pid, 'chromium'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    downloadsPath,
  });
  const pids = childrenMatching(process.pid, 'chromium').filter((pid) => !before.has(pid));
  if (pids.length !== 1) throw new Error(`expected one new Chromium process, found ${pids}`);
  return { browser, pid: pids[0], version: browser.version(), roleOf: chromiumRole };
}
