/**
 * The set-up most browser test files share: one app server (as `npm start` runs it, with `env`)
 * and a connection to the run's Chromium for the whole file, both ended after it. Read `server`
 * and `browser` inside tests and hooks, once `beforeAll` has run.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type AppServer, startAppServer } from './app-server';
import { connectBrowser } from './browser';

export function appInBrowser(env: Record<string, string> = {}) {
  const started: { server?: AppServer; browser?: Browser } = {};
  beforeAll(async () => {
    [started.server, started.browser] = await Promise.all([startAppServer(env), connectBrowser()]);
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.server?.stop();
  });
  return {
    get server(): AppServer {
      if (!started.server) throw new Error('the app server starts in beforeAll');
      return started.server;
    },
    get browser(): Browser {
      if (!started.browser) throw new Error('Chromium is connected in beforeAll');
      return started.browser;
    },
  };
}
