/**
 * Runs the real `sealdrop` binary (bin/sealdrop.mjs, as `npx sealdrop` does) in a child process
 * with its own config directory, and a real Sealdrop server on a free loopback port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createReadStream,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../server/src/testing/server-process';

export const BIN = join(import.meta.dirname, '../../bin/sealdrop.mjs');
/** The smallest part the server allows, so multipart paths run with small files. */
export const PART_SIZE = 5 * 1024 * 1024;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunningCli {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the first stdout line matching `pattern`. */
  line: (pattern: RegExp) => Promise<string>;
  done: Promise<CliRun>;
}

export function startCli(
  args: string[],
  options: { env?: Record<string, string>; cwd?: string; input?: string } = {},
): RunningCli {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? tmpdir(),
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  child.stdout!.on('data', (chunk) => {
    stdout += String(chunk);
    for (const waiter of [...waiters]) {
      const found = stdout.split('\n').find((line) => waiter.pattern.test(line));
      if (found) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(found);
      }
    }
  });
  child.stderr!.on('data', (chunk) => {
    stderr += String(chunk);
  });
  child.stdin!.end(options.input ?? '');
  const done = new Promise<CliRun>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    line: (pattern) =>
      new Promise((resolve, reject) => {
        const found = stdout.split('\n').find((line) => pattern.test(line));
        if (found) return resolve(found);
        waiters.push({ pattern, resolve });
        done.then(() =>
          reject(new Error(`no line ${pattern} in stdout:\n${stdout}\nstderr:\n${stderr}`)),
        );
      }),
    done,
  };
}

export function runCli(
  args: string[],
  options: { env?: Record<string, string>; cwd?: string; input?: string } = {},
): Promise<CliRun> {
  return startCli(args, options).done;
}

export interface TestServer extends ServerProcess {
  dataDir: string;
  /** Environment for the CLI: this server, a config directory of its own. */
  cliEnv: Record<string, string>;
  close: () => Promise<void>;
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sealdrop-cli-server-'));
  const configDir = mkdtempSync(join(tmpdir(), 'sealdrop-cli-config-'));
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    UPLOAD_PART_SIZE: String(PART_SIZE),
    SWEEP_INTERVAL_SECONDS: '0',
    ...env,
  });
  return {
    ...server,
    dataDir,
    cliEnv: { SEALDROP_SERVER: server.origin, SEALDROP_CONFIG_DIR: configDir },
    close: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(configDir, { recursive: true, force: true });
    },
  };
}

/**
 * The set-up most CLI test files share: a test server and a work directory for the whole file,
 * handed to `ready` once started (and set up further there), both removed after the file.
 */
export function withServerAndWorkDir(
  ready: (server: TestServer, work: string) => void | Promise<void>,
  env: Record<string, string> = {},
) {
  let server: TestServer | undefined;
  let work: string | undefined;
  beforeAll(async () => {
    server = await startTestServer(env);
    work = tempDir();
    await ready(server, work);
  });
  afterAll(async () => {
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });
}

/** The stored object of `size` bytes most recently written under the server's data directory. */
export function storedObject(dataDir: string, size: number): string {
  const found: { path: string; mtime: number }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const info = statSync(path);
        if (info.size === size) found.push({ path, mtime: info.mtimeMs });
      }
    }
  };
  walk(dataDir);
  const newest = found.sort((a, b) => b.mtime - a.mtime)[0];
  if (!newest) throw new Error(`no stored object of ${size} bytes under ${dataDir}`);
  return newest.path;
}

export async function sha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk);
  return hash.digest('hex');
}

export function tempDir(prefix = 'sealdrop-cli-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** The link (first line matching http…) of a send's stdout. */
export function linkOf(stdout: string): string {
  const link = stdout.split('\n').find((line) => /^https?:\/\//.test(line));
  if (!link) throw new Error(`no link in:\n${stdout}`);
  return link;
}

/** Peak resident memory (VmHWM, bytes) of a running process, read until it exits. */
export function watchPeakRss(pid: number): () => number {
  let peak = 0;
  const read = () => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kib = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
      peak = Math.max(peak, kib * 1024);
    } catch {
      // exited
    }
  };
  const timer = setInterval(read, 50);
  return () => {
    read();
    clearInterval(timer);
    return peak;
  };
}
