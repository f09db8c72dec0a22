/**
 * A PostgreSQL cluster of the test's own (initdb into a temp dir, a free port, its socket in that
 * dir), so a test can stop and start it without touching the shared server other suites use.
 * PostgreSQL refuses to run as root: when we are root, its commands run as the `postgres` user.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../testing/server-process';

function binDir(): string {
  if (existsSync('/usr/local/bin/pg_ctl')) return '/usr/local/bin';
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found');
  return `/usr/lib/postgresql/${newest}/bin`;
}

export interface PrivatePostgres {
  url: string;
  start: () => void;
  /** `immediate` is a crash (no checkpoint, connections cut); `fast` a clean shutdown. */
  stop: (mode?: 'fast' | 'immediate') => void;
  /** Stops the cluster if it runs and removes its directory. */
  destroy: () => void;
}

export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'sealdrop-pg-'));
  const dataDir = join(dir, 'data');
  const port = await freePort();
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const pgUser = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const pgGroup = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, pgUser, pgGroup);
    chmodSync(dir, 0o700);
  }
  const run = (tool: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args];
    execFileSync(file, argv, { stdio: 'pipe', timeout: 60_000 });
  };

  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  let running = false;
  const start = () => {
    run('pg_ctl', ['-D', dataDir, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
    running = true;
  };
  const stop = (mode: 'fast' | 'immediate' = 'fast') => {
    run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
    running = false;
  };
  start();
  // A test run that dies before its afterAll must not leave a postmaster behind.
  const onExit = () => {
    if (running) run('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
  };
  process.once('exit', onExit);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy: () => {
      process.off('exit', onExit);
      try {
        if (running) stop('immediate');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
