/**
 * Runs Sealdrop as a real child process, on a free loopback port, waiting until it answers: the one
 * way fault tests (which kill -9 it and start it again on the same port and data directory), the
 * browser tests (e2e/support/app-server.ts) and the CLI tests start the app.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const REPO_ROOT = join(import.meta.dirname, '../../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
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

/** A child process with every line it printed kept, for assertions and failure messages. */
export interface RunningProcess {
  child: ChildProcess;
  logs: string[];
  exited: Promise<number | null>;
}

/**
 * How the server process is started: its TypeScript sources through tsx, or exactly as `npm start`
 * does (scripts/start.mjs: builds what is stale, then runs the bundle).
 */
export const ENTRIES = {
  sources: ['--import', 'tsx', 'packages/server/src/main.ts'],
  'npm-start': ['scripts/start.mjs'],
} as const;
export type Entry = keyof typeof ENTRIES;

/** Runs a TypeScript entry point of the server package with tsx, from the repository root. */
export function runScript(
  script: string,
  env: Record<string, string>,
  logs: string[] = [],
): RunningProcess {
  return runNode(['--import', 'tsx', script], env, logs);
}

function runNode(args: readonly string[], env: Record<string, string>, logs: string[]) {
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => logs.push(String(chunk)));
  child.stderr?.on('data', (chunk) => logs.push(String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, logs, exited } satisfies RunningProcess;
}

export interface ServerProcess {
  origin: string;
  port: number;
  /** The pid of the current incarnation. */
  pid: () => number | undefined;
  /** Every line printed by every incarnation of the server. */
  logs: string[];
  /** SIGKILL: no shutdown hook runs, open requests and files are cut where they are. */
  kill9: () => Promise<void>;
  /** Starts it again with the same port, environment and data directory. */
  restart: () => Promise<void>;
  /** SIGTERM, then SIGKILL after 5 s. Safe to call twice. */
  stop: () => Promise<void>;
  /** The current incarnation, to signal it and await its exit code. */
  running: () => RunningProcess | null;
}

/**
 * Defaults: no web app, rate limits off, warnings only; `env` overrides any of them.
 * `options.port`: a fixed port (to start a second server where the first was); `options.entry`.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { port?: number; entry?: Entry } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const logs: string[] = [];
  let current: RunningProcess | null = null;

  const launch = async () => {
    const serverEnv = {
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_WEB: 'false',
      RATE_LIMIT_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    };
    const running = runNode(ENTRIES[options.entry ?? 'sources'], serverEnv, logs);
    current = running;
    await waitUntilListening(origin, running);
  };

  const kill = async (signal: NodeJS.Signals) => {
    const running = current;
    if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
    running.child.kill(signal);
    const timeout = new Promise((resolve) => setTimeout(resolve, 5000).unref());
    await Promise.race([running.exited, timeout]);
    if (running.child.exitCode === null && running.child.signalCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
  };

  await launch();
  return {
    origin,
    port,
    pid: () => current?.child.pid,
    logs,
    kill9: () => kill('SIGKILL'),
    restart: launch,
    stop: () => kill('SIGTERM'),
    running: () => current,
  };
}

/** Waits for /api/health to answer at all (200 or 503): the process is up and serving. */
async function waitUntilListening(origin: string, running: RunningProcess) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null)
      throw new Error(`server exited early:\n${running.logs.join('')}`);
    try {
      await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(5000) });
      return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  running.child.kill('SIGKILL');
  throw new Error(`server did not start:\n${running.logs.join('')}`);
}
