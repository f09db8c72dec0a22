/**
 * Runs Sealdrop as a real child process, on a free loopback port, waiting until it answers: the one
 * way fault tests (which kill -9 it and start it again on the same port and data directory), the
 * browser tests (e2e/support/app-server.ts) and the CLI tests start the app.
 */
import {
  answersHealth,
  freePort,
  npmStartArgs,
  QUOTAS_OFF,
  REPO_ROOT,
  type RunningProcess,
  runNode,
  stopChild,
  waitUntilReady,
} from '../../../../scripts/app-process.mjs';

export { freePort, QUOTAS_OFF, REPO_ROOT, type RunningProcess };

/**
 * How the server process is started: the bundle that `npm run build` (scripts/build-server.mjs)
 * writes, as `npm start` runs it once built (the projects that start servers build it in their
 * global setup, server-bundle.global-setup.ts); or exactly as `npm start` does (scripts/start.mjs:
 * builds what is stale, then runs the bundle).
 */
export const ENTRIES = {
  bundle: ['packages/server/dist/main.mjs'],
  'npm-start': npmStartArgs(),
} as const;
export type Entry = keyof typeof ENTRIES;

/** Runs a TypeScript entry point of the server package with tsx, from the repository root. */
export function runScript(
  script: string,
  env: Record<string, string>,
  logs: string[] = [],
  args: string[] = [],
): RunningProcess {
  return runNode(['--import', 'tsx', script, ...args], env, logs);
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
 * Defaults: no web app, rate limits and daily quotas off, warnings only; `env` overrides any of
 * them.
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
      // Daily upload quotas off, as rate limits are: suites upload far more than a day's share.
      ...QUOTAS_OFF,
      LOG_LEVEL: 'warn',
      ...env,
    };
    const running = runNode(ENTRIES[options.entry ?? 'bundle'], serverEnv, logs);
    current = running;
    // Any answer (200 or 503) will do: the process is up and serving.
    await waitUntilReady(running, () => answersHealth(origin));
  };

  const kill = async (signal: NodeJS.Signals) => {
    if (current) await stopChild(current.child, signal);
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
