// Starts Sealdrop as `npm start` runs it (package.json's node flags and `scripts/start.mjs`: builds
// the web app if stale, then serves app and API) on a free loopback port with a fresh DATA_DIR; for
// STORAGE=s3 it first starts `scripts/s3rver.mjs` (what `npm run s3rver` runs) on a free port beside it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  answersHealth,
  freePort,
  npmStartArgs,
  QUOTAS_OFF,
  REPO_ROOT,
  runNode,
  stopChild,
  waitUntilReady,
} from '../../scripts/app-process.mjs';

export const ROOT = REPO_ROOT;
// server-load.mjs measures the quota check by turning the quotas back on.
export { freePort, QUOTAS_OFF };

/**
 * `driver`: 'local' or 's3'. `env`: extra settings (DATABASE_URL, LOG_LEVEL…). `dataDir`: a data
 * directory another process shares (kept by stop()); default a fresh one. Returns the origin, the
 * server's pid (and s3rver's), and stop(), which ends both and removes the data directory it made.
 */
/** @param {{ driver?: string, env?: Record<string, string | undefined>, dataDir?: string }} [options] */
export async function startApp({ driver = 'local', env = {}, dataDir: shared } = {}) {
  const dataDir = shared ?? mkdtempSync(join(tmpdir(), 'sealdrop-bench-'));
  const children = [];
  const stop = async () => {
    await Promise.all(children.map((child) => stopChild(child)));
    if (!shared) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    let storageEnv = {};
    let s3rver;
    if (driver === 's3') {
      const s3Port = await freePort();
      s3rver = runNode(['scripts/s3rver.mjs'], {
        S3RVER_PORT: String(s3Port),
        S3RVER_DIR: join(dataDir, 's3rver'),
      });
      children.push(s3rver.child);
      const running = s3rver;
      await waitUntilReady(running, () => running.logs.join('').includes('listening'), {
        name: 's3rver',
      });
      storageEnv = {
        STORAGE: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_BUCKET: 'sealdrop',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      };
    }
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const server = runNode(npmStartArgs(), {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RATE_LIMIT_ENABLED: 'false',
      ...QUOTAS_OFF,
      LOG_LEVEL: 'warn',
      ...storageEnv,
      ...env,
    });
    children.push(server.child);
    await waitUntilReady(server, () => answersHealth(origin, { okOnly: true }), {
      name: 'scripts/start.mjs',
      // A stale web build is rebuilt first (about a minute on a busy machine).
      timeoutMs: 240_000,
    });
    return {
      origin,
      driver,
      serverPid: server.child.pid,
      s3rverPid: s3rver?.child.pid,
      logs: () => server.logs.join('').slice(-20_000),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The API's JSON envelope: returns `data`, throws with the message on `status: 'error'`. */
export async function api(origin, method, path, body) {
  const response = await fetch(`${origin}/api${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  if (json.status !== 'success') throw new Error(`${method} ${path}: ${json.message}`);
  return json.data;
}
