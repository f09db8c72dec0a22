import { existsSync } from 'node:fs';
// @ts-expect-error: a plain .mjs script shared with `npm start`
import { buildWebIfStale } from '../scripts/build-web.mjs';
import { CHROMIUM_PATH } from '../scripts/chromium.mjs';

/** The e2e tests run the app as `npm start` does: against the built web app, in Debian Chromium. */
export default function setup() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      'Debian chromium is missing: apt-get install chromium (npm test does this as root: scripts/test-setup.mjs)',
    );
  }
  buildWebIfStale();
}
