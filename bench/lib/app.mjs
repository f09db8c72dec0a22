// Starts Sealdrop as `npm start` runs it (`node scripts/start.mjs`: builds the web app if stale,
// then serves app and API) on a free loopback port with a fresh DATA_DIR; for STORAGE=s3 it first
// starts `scripts/s3rver.mjs` (what `npm run s3rver` runs) on a free port beside it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '../..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Spawns `node <script>`; resolves once `ready(output)` holds, rejects if the child exits first. */
function spawnNode(script, env, ready, timeoutMs) {
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  /** @type {Promise<void>} */
  const started = new Promise((resolve, reject) => {
    const deadline = Date.now() + timeoutMs;
    const check = async () => {
      if (child.exitCode !== null) return reject(new Error(`${script} exited:\n${output}`));
      if (await ready(output)) return resolve();
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        return reject(new Error(`${script} did not start in ${timeoutMs} ms:\n${output}`));
      }
      setTimeout(check, 200);
    };
    check();
  });
  return { child, started, output: () => output };
}

async function healthy(origin) {
  try {
    return (await fetch(`${origin}/api/health`)).ok;
  } catch {
    return false;
  }
}

function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timeout = new Promise((resolve) => setTimeout(resolve, 5000).unref());
  return Promise.race([exited, timeout]).then(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
}

/**
 * `driver`: 'local' or 's3'. `env`: extra settings (DATABASE_URL, LOG_LEVEL…). Returns the origin,
 * the server's pid (and s3rver's), and stop(), which ends both and removes the data directory.
 */
export async function startApp({ driver = 'local', env = {} } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sealdrop-bench-'));
  const children = [];
  const stop = async () => {
    await Promise.all(children.map(stopChild));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    let storageEnv = {};
    let s3rver;
    if (driver === 's3') {
      const s3Port = await freePort();
      s3rver = spawnNode(
        'scripts/s3rver.mjs',
        { S3RVER_PORT: String(s3Port), S3RVER_DIR: join(dataDir, 's3rver') },
        (output) => output.includes('listening'),
        30_000,
      );
      children.push(s3rver.child);
      await s3rver.started;
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
    const server = spawnNode(
      'scripts/start.mjs',
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        RATE_LIMIT_ENABLED: 'false',
        LOG_LEVEL: 'warn',
        ...storageEnv,
        ...env,
      },
      () => healthy(origin),
      // A stale web build is rebuilt first (about a minute on a busy machine).
      240_000,
    );
    children.push(server.child);
    await server.started;
    return {
      origin,
      driver,
      serverPid: server.child.pid,
      s3rverPid: s3rver?.child.pid,
      logs: server.output,
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
