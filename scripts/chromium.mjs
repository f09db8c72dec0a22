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
 * moment after the browser has exited (seen in CI: ENOTEMPTY at the end of the e2e run), so the
 * removal is retried for up to a second.
 */
export function removeProfile(dir) {
  rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
