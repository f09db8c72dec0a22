import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain .mjs script shared with `npm start`
import { buildWebIfStale } from '../scripts/build-web.mjs';
import { CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { startSharedChromium } from './support/shared-chromium';

/**
 * The e2e tests run the app as `npm start` does: against the built web app, in Debian Chromium.
 * One Chromium serves the whole run; it is killed, and its profile removed, when the run ends.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      'Debian chromium is missing: apt-get install chromium (npm test does this as root: scripts/test-setup.mjs)',
    );
  }
  buildWebIfStale();
  const chromium = await startSharedChromium();
  project.provide('sharedChromium', { wsEndpoint: chromium.wsEndpoint, pid: chromium.pid });
  return chromium.stop;
}
