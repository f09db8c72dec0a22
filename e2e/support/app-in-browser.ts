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

/** A service the app is configured for: how to start it, the app's environment for it, how to stop it. */
export interface BesideService<Service> {
  start: () => Promise<Service>;
  env: (service: Service) => Record<string, string>;
  stop: (service: Service) => Promise<unknown>;
}

/**
 * `appInBrowser` beside a service of its own (s3rver, an SMTP sink, an OpenID provider, clamd):
 * the service starts first and the app is configured for it (`service.env`, then `extraEnv`);
 * it stops after the app. Read `service` inside tests and hooks, once `beforeAll` has run.
 */
export function appInBrowserWith<Service>(
  service: BesideService<Service>,
  extraEnv: Record<string, string> = {},
  browserName: BrowserName = 'Chromium',
) {
  let running: Service | undefined;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    running = await service.start();
    Object.assign(env, service.env(running), extraEnv);
  });
  afterAll(async () => {
    if (running !== undefined) await service.stop(running);
  });
  const app = appInBrowser(env, browserName);
  return {
    get server() {
      return app.server;
    },
    get browser() {
      return app.browser;
    },
    get service(): Service {
      if (running === undefined) throw new Error('the service starts in beforeAll');
      return running;
    },
  };
}

/** `appInBrowser` on the S3 driver, with an s3rver of its own (`appInBrowserWith`). */
export function appInBrowserOnS3(
  extraEnv: Record<string, string> = {},
  browserName: BrowserName = 'Chromium',
) {
  const app = appInBrowserWith<TestS3>(
    { start: startS3rver, env: (s3) => s3.env, stop: (s3) => s3.destroy() },
    extraEnv,
    browserName,
  );
  return {
    get server() {
      return app.server;
    },
    get browser() {
      return app.browser;
    },
    get s3(): TestS3 {
      return app.service;
    },
  };
}
