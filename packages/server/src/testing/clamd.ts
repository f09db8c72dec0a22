/**
 * Debian's clamd (clamav-daemon) as a test's own process, on a free loopback port and a unix
 * socket, with a signature database the test writes itself: no signatures can be downloaded here,
 * and clamd refuses to start without any. One signature: the EICAR test file, a harmless string
 * every antivirus reports as if it were malware. Stoppable and restartable on the same port, so
 * a test can take the scanner away and bring it back.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answersOnPort, daemonProcess, requiredHere } from './local-daemon';
import { freePort } from './server-process';

export const CLAMD = process.env.CLAMD_PATH ?? '/usr/sbin/clamd';
const clamdMissing = !existsSync(CLAMD);
/**
 * ClamAV suites skip on a machine without clamd (with a notice), except in CI, where they must
 * run: there startTestClamd fails instead. `npm test` installs it (scripts/test-setup.mjs).
 */
export const skipClamdSuites = clamdMissing && !requiredHere('REQUIRE_CLAMD');
if (skipClamdSuites) {
  console.warn(
    `clamd is not installed (${CLAMD}): the malware scanning tests are skipped. ` +
      'Install it with: sudo apt-get install --no-install-recommends clamav-daemon',
  );
}

/**
 * The EICAR test file (68 bytes). Kept base64-encoded so that this source file is not itself
 * reported by a developer's antivirus.
 */
export const EICAR = Buffer.from(
  'WDVPIVAlQEFQWzRcUFpYNTQoUF4pN0NDKTd9JEVJQ0FSLVNUQU5EQVJELUFOVElWSVJVUy1URVNULUZJTEUhJEgrSCo=',
  'base64',
);
/** What the signature is called in the database below; clamd reports it with `.UNOFFICIAL`. */
export const EICAR_SIGNATURE = 'Sealdrop-Test-EICAR';

export interface TestClamd {
  /** CLAMAV_URL over TCP. */
  url: string;
  /** CLAMAV_URL over the unix socket. */
  socketPath: string;
  /** Starts it again on the same port and socket. */
  start: () => Promise<void>;
  /** SIGTERM, then SIGKILL after 5 s; resolves once it has exited. */
  stop: () => Promise<void>;
  destroy: () => Promise<void>;
}

/**
 * `streamMaxLength`: clamd's StreamMaxLength (and MaxFileSize, MaxScanSize), e.g. `1M`;
 * `maxScanTimeMs`: its MaxScanTime (default 2 min; 0 = none), past which a scan ends as clean.
 */
export async function startTestClamd(
  options: { streamMaxLength?: string; maxScanTimeMs?: number } = {},
): Promise<TestClamd> {
  if (clamdMissing) throw new Error(`clamd is required here but missing: ${CLAMD}`);
  const dir = mkdtempSync(join(tmpdir(), 'sealdrop-clamd-'));
  const database = join(dir, 'db');
  mkdirSync(database);
  // A body signature (.ndb): Name:TargetType(0 = any file):Offset(* = anywhere):HexBytes.
  writeFileSync(join(database, 'custom.ndb'), `${EICAR_SIGNATURE}:0:*:${EICAR.toString('hex')}\n`);
  const port = await freePort();
  const socketPath = join(dir, 'clamd.sock');
  const limit = options.streamMaxLength ?? '64M';
  const config = join(dir, 'clamd.conf');
  writeFileSync(
    config,
    [
      `DatabaseDirectory ${database}`,
      `TCPSocket ${port}`,
      'TCPAddr 127.0.0.1',
      `LocalSocket ${socketPath}`,
      'Foreground yes',
      `StreamMaxLength ${limit}`,
      `MaxFileSize ${limit}`,
      `MaxScanSize ${limit}`,
      'MaxThreads 4',
      ...(options.maxScanTimeMs === undefined ? [] : [`MaxScanTime ${options.maxScanTimeMs}`]),
      `PidFile ${join(dir, 'clamd.pid')}`,
      `LogFile ${join(dir, 'clamd.log')}`,
      // Databases are never reloaded in a test's lifetime: no periodic check, no second copy.
      'SelfCheck 0',
      'ConcurrentDatabaseReload no',
      '',
    ].join('\n'),
  );

  const clamd = daemonProcess({
    name: 'clamd',
    command: CLAMD,
    args: ['-c', config],
    // clamd answers zPING with PONG once its database is loaded (a few seconds).
    ready: () => answersOnPort(port, { request: 'zPING\0', expected: 'PONG', timeoutMs: 2000 }),
    startWithinMs: 60_000,
    pollMs: 100,
    signal: 'SIGTERM',
    forceAfterMs: 5000,
  });
  await clamd.start();
  return {
    url: `tcp://127.0.0.1:${port}`,
    socketPath,
    start: clamd.start,
    stop: clamd.stop,
    destroy: async () => {
      await clamd.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
