/**
 * `sealdrop send --expire` offers what the server it sends to offers (its GET /api/config), not a
 * list of its own: against a server kept at RETENTION_HOURS=48, `48h` is a choice, the help names
 * it, and a choice the server does not offer is refused with the ones it does.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runCli, type TestServer, withServerAndWorkDir } from './support/cli';

let server: TestServer;
let work: string;
withServerAndWorkDir(
  (started, dir) => {
    server = started;
    work = dir;
    writeFileSync(join(work, 'note.txt'), 'kept two days\n');
  },
  { RETENTION_HOURS: '48' },
);

const CHOICES =
  '1h (1 hour), 1d (1 day), 48h (48 hours), 7d (7 days, Premium), 30d (30 days, Premium)';

it("sends with the server's own retention as --expire 48h", async () => {
  const sent = await runCli(['send', join(work, 'note.txt'), '--expire', '48h', '--json'], {
    env: server.cliEnv,
    cwd: work,
  });
  expect(sent.code, sent.stderr).toBe(0);
  const hours = (Date.parse(JSON.parse(sent.stdout).expiresAt) - Date.now()) / 3_600_000;
  expect(hours).toBeGreaterThan(47.9);
  expect(hours).toBeLessThanOrEqual(48);
});

it('refuses an expiry the server does not offer, listing the ones it does, before sending', async () => {
  const sent = await runCli(['send', join(work, 'note.txt'), '--expire', '2h'], {
    env: server.cliEnv,
    cwd: work,
  });
  expect(sent.code).toBe(2);
  expect(sent.stderr).toBe(
    `--expire 2h is not offered by this server. Choose one of: ${CHOICES}.\n`,
  );
  expect(sent.stdout).toBe('');
});

it("names the server's choices and retention in the help of send", async () => {
  const help = await runCli(['send', '--help'], { env: server.cliEnv, cwd: work });
  expect(help.code).toBe(0);
  const text = help.stdout.replace(/\s+/g, ' ');
  expect(text).toContain(
    `how long the link lives: ${CHOICES} (default: 48 hours, 30 days with Premium)`,
  );
});
