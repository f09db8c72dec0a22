/**
 * Starts Sealdrop as `npm start` runs it (built web app, the server bundle run by plain node, both
 * built by global-setup.ts) on a free loopback port with a fresh data directory, and keeps every
 * log line so tests can search them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Entry,
  freePort,
  REPO_ROOT,
  startServerProcess,
} from '../../packages/server/src/testing/server-process';

export const ROOT = REPO_ROOT;
export { freePort };

export interface AppServer {
  origin: string;
  logs: string[];
  dataDir: string;
  stop: () => Promise<void>;
}

/** The app with its web pages, on a fresh data directory removed by stop(); `entry` as named. */
export async function startAppServer(
  env: Record<string, string> = {},
  entry: Entry = 'bundle',
): Promise<AppServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sealdrop-e2e-'));
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      SERVE_WEB: 'true',
      LOG_LEVEL: 'info',
      // Mail needs PUBLIC_URL (links in mail are never built from a request's Host).
      ...(env.SMTP_URL ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
      ...env,
    },
    { port, entry },
  ).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    origin: server.origin,
    logs: server.logs,
    dataDir,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
