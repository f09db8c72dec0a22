/**
 * Two server processes started at the same moment on one configuration, as N processes behind a
 * reverse proxy would run: one SECRET, and a data directory each, so only what the configuration
 * names (database, store, Redis) is shared. `stop` ends both and removes the directories.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerProcess, startServerProcess } from '../../testing/server-process';

export const SHARED_SECRET = 'one-secret-shared-by-every-process-0123456789';

export interface ProcessPair {
  a: ServerProcess;
  b: ServerProcess;
  stop: () => Promise<void>;
}

export async function startProcessPair(
  name: string,
  env: Record<string, string>,
): Promise<ProcessPair> {
  const dataDirs = ['a', 'b'].map((which) =>
    mkdtempSync(join(tmpdir(), `sealdrop-${name}-${which}-`)),
  );
  const removeDirs = () => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  const started = await Promise.allSettled(
    dataDirs.map((dir) => startServerProcess({ SECRET: SHARED_SECRET, ...env, DATA_DIR: dir })),
  );
  const running = started.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await Promise.all(running.map((server) => server.stop()));
    removeDirs();
    throw failure.reason;
  }
  const [a, b] = running as [ServerProcess, ServerProcess];
  return {
    a,
    b,
    stop: async () => {
      await Promise.all([a.stop(), b.stop()]);
      removeDirs();
    },
  };
}
