/**
 * Starts Sealdrop as `npm start` runs it (built web app, real server process) on a free loopback
 * port with a fresh data directory, and keeps every log line so tests can search them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '../..');

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

export interface AppServer {
  origin: string;
  logs: string[];
  dataDir: string;
  stop: () => Promise<void>;
}

/** How the server process is started: its sources through tsx, or exactly as `npm start` does. */
const ENTRIES = {
  sources: ['--import', 'tsx', 'packages/server/src/main.ts'],
  'npm-start': ['scripts/start.mjs'],
};

export async function startAppServer(
  env: Record<string, string> = {},
  entry: keyof typeof ENTRIES = 'sources',
): Promise<AppServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sealdrop-e2e-'));
  const logs: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ENTRIES[entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RATE_LIMIT_ENABLED: 'false',
      LOG_LEVEL: 'info',
      // Mail needs PUBLIC_URL (links in mail are never built from a request's Host).
      ...(env.SMTP_URL ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => logs.push(String(chunk)));
  child.stderr?.on('data', (chunk) => logs.push(String(chunk)));
  const origin = `http://127.0.0.1:${port}`;
  await waitForHealth(origin, child, logs);
  return {
    origin,
    logs,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitForHealth(origin: string, child: ChildProcess, logs: string[]) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${logs.join('')}`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy:\n${logs.join('')}`);
}
