/** A real server (local storage in a temp dir) on a given test database, with a settable clock. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type ServerDeps } from '../app';
import { loadConfig } from '../config/config';
import { createAppContext } from '../context';
import { createLocalStorageDriver } from '../modules/storage/local.driver';
import type { StorageDriver } from '../modules/storage/storage.types';
import type { TestDatabase } from './databases';

export interface TestClock {
  now: () => Date;
  advance: (ms: number) => void;
}

export function createTestClock(start = Date.now()): TestClock {
  let current = start;
  return { now: () => new Date(current), advance: (ms) => (current += ms) };
}

export async function createTestServer(input: {
  database: TestDatabase;
  env?: Record<string, string>;
  clock?: TestClock;
  /** A logger to read what the server logs (default: silent). */
  logger?: ServerDeps['logger'];
  /** Another store (e.g. s3rver's driver); default: the local driver in a temp dir. */
  storage?: StorageDriver;
  /** The server secret (SECRET); default: a fixed one. */
  secret?: string;
}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sealdrop-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    SWEEP_INTERVAL_SECONDS: '0',
    UPLOAD_PART_SIZE: String(5 * 1024 * 1024),
    ...input.env,
  });
  const clock = input.clock ?? createTestClock();
  const storage =
    input.storage ??
    createLocalStorageDriver({
      rootDir: join(dataDir, 'objects'),
      secret: 'x'.repeat(32),
      now: clock.now,
    });
  const secret = input.secret ?? 's'.repeat(32);
  const app = await createServer({
    config,
    db: input.database.db,
    storage,
    secret,
    now: clock.now,
    logger: input.logger,
  });
  await app.ready();
  return {
    app,
    storage,
    clock,
    config,
    secret,
    db: input.database.db,
    close: async () => {
      await app.close();
      await input.database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof createTestServer>>;

/**
 * A server logger (createTestServer's `logger`) that keeps every line it writes in `lines`, for
 * a test to search; a suite empties it between tests with `lines.length = 0`.
 */
export function logCapture(level = 'info') {
  const lines: string[] = [];
  return {
    lines,
    logger: { level, stream: { write: (line: string) => lines.push(line) } },
  };
}

/**
 * A context on a test server's config, database, store, secret and clock, for a test that drives
 * a module directly; `extra` adds what the test needs (metrics, a log).
 */
export function contextOf(
  server: TestServer,
  extra: Omit<Parameters<typeof createAppContext>[0], 'config' | 'db' | 'storage' | 'secret'> = {},
) {
  return createAppContext({
    config: server.config,
    db: server.db,
    storage: server.storage,
    secret: server.secret,
    now: server.clock.now,
    ...extra,
  });
}
