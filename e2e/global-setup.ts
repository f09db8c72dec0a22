import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain .mjs script shared with `npm start`
import { buildWebIfStale } from '../scripts/build-web.mjs';
import { CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { FIREFOX_PATH } from '../scripts/firefox.mjs';
import { startSharedChromium } from './support/shared-chromium';

/**
 * The e2e tests run the app as `npm start` does: the built web app (built here when stale), the
 * server bundle run by plain node (built when stale by server-bundle.global-setup.ts, which the
 * cli and faults projects share), in Debian Chromium (and the core flows in Debian Firefox ESR,
 * launched by each file: support/browser.ts). One Chromium per Vitest worker serves the whole run, claimed by the worker process that
 * first connects (./support/browser.ts says why not one for all); each is killed, and its profile
 * removed, at the end.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      'Debian chromium is missing: apt-get install chromium (npm test does this as root: scripts/test-setup.mjs)',
    );
  }
  if (!existsSync(FIREFOX_PATH)) {
    throw new Error(
      'Debian firefox-esr is missing: apt-get install firefox-esr (npm test does this as root: scripts/test-setup.mjs)',
    );
  }
  buildWebIfStale();
  const workers =
    project.config.maxWorkers ?? project.vitest.config.maxWorkers ?? availableParallelism();
  const browsers = await Promise.all(Array.from({ length: workers }, startSharedChromium));
  const claims = mkdtempSync(join(tmpdir(), 'sealdrop-e2e-claims-'));
  project.provide('sharedChromiums', {
    browsers: browsers.map(({ wsEndpoint, pid }) => ({ wsEndpoint, pid })),
    claims,
  });
  return async () => {
    await Promise.all(browsers.map((browser) => browser.stop()));
    rmSync(claims, { recursive: true, force: true });
  };
}
