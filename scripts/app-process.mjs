// Runs Sealdrop (or a helper such as s3rver) as a child `node` process from the repository root:
// a free loopback port, every line it prints kept, waiting until it is ready, stopping it. The one
// copy shared by the tests (packages/server/src/testing/server-process.ts) and the benches (through
// bench/lib/app.mjs, which every bench starts the app with). Plain JavaScript so that benches run
// it without a transpiler; its types are in app-process.d.mts.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const REPO_ROOT = join(import.meta.dirname, '..');

/**
 * Every daily upload quota switched off (0 = no limit): a bench or the soak uploads far more than
 * a day's share from one address, and a test that checks quotas sets its own.
 */
export const QUOTAS_OFF = {
  ANON_DAILY_BYTES: '0',
  ANON_DAILY_UPLOADS: '0',
  ACCOUNT_DAILY_BYTES: '0',
  ACCOUNT_DAILY_UPLOADS: '0',
  PREMIUM_DAILY_BYTES: '0',
  PREMIUM_DAILY_UPLOADS: '0',
};

/**
 * The arguments `npm start` gives node (package.json's `start`, less `node`): its flags, then the
 * script. What starts the app "as npm start does" runs exactly these, so a flag added there (the
 * young generation's size, docs/performance.md) is measured and tested too.
 */
export function npmStartArgs() {
  const { scripts } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  const [command, ...args] = scripts.start.trim().split(/\s+/);
  if (command !== 'node') throw new Error(`npm start runs ${command}, not node`);
  return args;
}

/** A port nothing listens on right now (the kernel picks it; free again when this resolves). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Spawns `node ...args` from the repository root with `env` over this process's environment.
 * Every chunk of stdout and stderr is pushed onto `logs` (shared across restarts when passed in).
 */
export function runNode(args, env = {}, logs = []) {
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => logs.push(String(chunk)));
  child.stderr.on('data', (chunk) => logs.push(String(chunk)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, logs, exited };
}

/**
 * Resolves once `ready()` holds, polling every 100 ms; rejects with the process's output when it
 * exits first, or after `timeoutMs` (then it is killed).
 */
export async function waitUntilReady(running, ready, { name = 'server', timeoutMs = 30_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null)
      throw new Error(`${name} exited early:\n${running.logs.join('')}`);
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  running.child.kill('SIGKILL');
  throw new Error(`${name} did not start in ${timeoutMs} ms:\n${running.logs.join('')}`);
}

/**
 * Whether the app at `origin` answers /api/health: with any status (it is up and serving, even if
 * a dependency is down and it says 503), or with `okOnly`, only 200.
 */
export async function answersHealth(origin, { okOnly = false } = {}) {
  try {
    const response = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(5000) });
    return okOnly ? response.ok : true;
  } catch {
    return false;
  }
}

/** Sends `signal` (SIGTERM: let it shut down), then SIGKILL after 5 s; resolves once it exited. */
export async function stopChild(child, signal = 'SIGTERM') {
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  if (hasExited()) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timeout = new Promise((resolve) => setTimeout(resolve, 5000).unref());
  await Promise.race([exited, timeout]);
  if (!hasExited()) {
    child.kill('SIGKILL');
    await exited;
  }
}
