import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain .mjs script shared with `npm start`
import { buildServer } from '../scripts/build-server.mjs';
// @ts-expect-error: a plain .mjs script shared with `npm start`
import { buildWebIfStale } from '../scripts/build-web.mjs';
import { CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { startSharedChromium } from './support/shared-chromium';

/**
 * The e2e tests run the app as `npm start` does: the built web app, the server bundle run by plain
 * node (built here every run, a second or two, so no test ever runs an old server), in Debian
 * Chromium. One Chromium serves the whole run; it is killed, and its profile removed, at the end.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      'Debian chromium is missing: apt-get install chromium (npm test does this as root: scripts/test-setup.mjs)',
    );
  }
  buildWebIfStale();
  await buildServer();
  const chromium = await startSharedChromium();
  project.provide('sharedChromium', { wsEndpoint: chromium.wsEndpoint, pid: chromium.pid });
  return chromium.stop;
}
