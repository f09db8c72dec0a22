/**
 * The soak (`npm run soak`, bench/soak/) for one minute: two server processes behind the balancer,
 * PostgreSQL, s3rver and Redis, three virtual users on the CLI's send and get, one kill -9 and
 * restart of a server, a Redis restart, PostgreSQL cut for 10 s and the store stalled for 20 s;
 * every end check must pass. The 10-minute run and its table are in docs/reliability.md.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../testing/databases';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');
const postgresAvailable = DATABASES.find((entry) => entry.name === 'postgres')?.available;

function runSoak(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/soak/run.mjs', ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    // Stopped before the test's own timeout, so that it ends its servers and drops its database.
    const stop = setTimeout(() => child.kill('SIGTERM'), 270_000);
    child.on('exit', (code) => {
      clearTimeout(stop);
      resolve({ code, output });
    });
  });
}

describe.skipIf(!postgresAvailable)('soak, one minute', () => {
  it('loses nothing acknowledged through a kill -9, a Redis restart, a database cut and a store stall', async () => {
    const { code, output } = await runSoak(['--minutes', '1', '--users', '3', '--no-docs']);
    expect(output, output).toContain('every check passed');
    expect(code).toBe(0);
    for (const check of [
      'Redis restarted 1 ×; PostgreSQL cut 1 × 10 s; store stalled 1 × 20 s | pass |',
      '| No server process ended by itself | none (only the scheduled kills) | pass |',
      '| Every finalized upload downloads with identical bytes |',
      '| No acknowledged account lost |',
      '| No acknowledged feedback or report lost |',
      '| Limited-link counts kept |',
      '| 5xx only inside fault windows |',
      '| Every client operation succeeded after its retries |',
      '| After a final sweep: store and database agree |',
    ]) {
      expect(output).toContain(check);
    }
    expect(output).not.toContain('**FAIL**');
  }, 300_000);
});
