/**
 * The set-up most browser test files share: one app server (as `npm start` runs it, with `env`)
 * and a connection to the run's Chromium (or a Firefox of its own, `browserName`) for the whole
 * file or `describe`, both ended after it. Read `server` and `browser` inside tests and hooks, once
 * `beforeAll` has run.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startS3rver, type TestS3 } from '../../packages/server/src/testing/s3rver';
import { type AppServer, startAppServer } from './app-server';
import { connectBrowser } from './browser';
import type { BrowserName } from './browsers';

export function appInBrowser(
  env: Record<string, string> = {},
  browserName: BrowserName = 'Chromium',
) {
  const started: { server?: AppServer; browser?: Browser } = {};
  beforeAll(async () => {
    [started.server, started.browser] = await Promise.all([
      startAppServer(env),
      connectBrowser(browserName),
    ]);
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
      if (!started.browser) throw new Error('the browser is connected in beforeAll');
      return started.browser;
    },
  };
}

/** `appInBrowser` on the S3 driver, with an s3rver of its own started before it and removed after. */
export function appInBrowserOnS3(browserName: BrowserName = 'Chromium') {
  let s3: TestS3 | undefined;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    s3 = await startS3rver();
    Object.assign(env, s3.env);
  });
  afterAll(() => s3?.destroy());
  const app = appInBrowser(env, browserName);
  return {
    get server() {
      return app.server;
    },
    get browser() {
      return app.browser;
    },
    get s3(): TestS3 {
      if (!s3) throw new Error('s3rver starts in beforeAll');
      return s3;
    },
  };
}
