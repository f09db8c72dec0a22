// Debian's Chromium for every browser run (e2e tests, benches, `npm test`'s set-up): where it is and
// the one list of launch flags (TOOLCHAIN.md says why each is there). Never a downloaded browser.
import { rmSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Removes a profile folder Chromium used. Its helper processes can still be writing into it for a
 * while after the browser has exited (seen in CI and on a loaded machine: ENOTEMPTY at the end of
 * an e2e run), so the removal is retried for up to five seconds, and a folder that still will not
 * go is left in the temporary directory with a warning: a leftover temporary folder must not fail
 * a test run whose tests passed.
 */
export function removeProfile(dir) {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 25, retryDelay: 200 });
  } catch (error) {
    console.warn(
      `Could not remove the browser profile ${dir}: ${error.code ?? error}; left behind`,
    );
  }
}
