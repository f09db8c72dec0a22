/**
 * The passphrase prompt on a real terminal (a pty made by `script`): asked twice, never echoed,
 * asked again when weak; and a send that outlives a server killed mid-upload goes on with the same
 * link once the server is back (a send stopped by Ctrl-C resumes on the next run:
 * large-and-resume.test.ts).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import {
  BIN,
  linkOf,
  runCli,
  sha256,
  startCli,
  type TestServer,
  withServerAndWorkDir,
} from './support/cli';
import { writeRandomFile } from './support/files';

const MiB = 1024 * 1024;
let server: TestServer;
let work: string;
withServerAndWorkDir(async (started, dir) => {
  server = started;
  work = dir;
  await writeRandomFile(join(work, 'small.bin'), 1000);
});

/** Runs a command in a pseudo-terminal, typing `keys` one line at a time. */
function inTerminal(command: string, keys: string[]): Promise<string> {
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    env: { ...process.env, ...server.cliEnv },
    cwd: work,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += String(chunk);
  });
  let typed = 0;
  const timer = setInterval(() => {
    // Each answer once its question is on the screen.
    const asked = output.split('Passphrase').length - 1;
    if (asked > typed && typed < keys.length) child.stdin.write(`${keys[typed++]}\r`);
  }, 50);
  return new Promise((resolve) =>
    child.once('close', () => {
      clearInterval(timer);
      resolve(output);
    }),
  );
}

it('asks for the passphrase twice on a terminal without echoing it', async () => {
  const screen = await inTerminal(`node ${BIN} send small.bin --passphrase --no-progress`, [
    'swordfish 42',
    'swordfish 42',
  ]);
  expect(screen).toContain('Passphrase: ');
  expect(screen).toContain('Passphrase again: ');
  expect(screen).not.toContain('swordfish');
  const link = linkOf(screen.replaceAll('\r', ''));
  expect(link).toContain('#wkey=');
  const out = join(work, 'small-out.bin');
  const got = await runCli(['get', link, '-o', out], {
    env: { ...server.cliEnv, SEALDROP_PASSPHRASE: 'swordfish 42' },
  });
  expect(got.code).toBe(0);
  expect(await sha256(out)).toBe(await sha256(join(work, 'small.bin')));
});

it('asks again on a terminal when the passphrase is too weak, saying why', async () => {
  const screen = await inTerminal(`node ${BIN} send small.bin --passphrase --no-progress`, [
    'sesame',
    'swordfish 42',
    'swordfish 42',
  ]);
  expect(screen.replaceAll('\r', '')).toContain(
    'The passphrase is too weak: use at least 8 characters of two kinds or more (capitals, small letters, numbers, symbols or spaces).\n' +
      'Whoever gets the link can try passphrases on their own computer, as many as they like.\n',
  );
  expect(linkOf(screen.replaceAll('\r', ''))).toContain('#wkey=');
});

it('waits out a server killed mid-upload and finishes the same link once it is back', async () => {
  const source = join(work, 'restart.bin');
  await writeRandomFile(source, 160 * MiB);
  const sending = startCli(['send', source, '--no-progress'], { env: server.cliEnv, cwd: work });
  const link = await sending.line(/^http/);
  await new Promise((resolve) => setTimeout(resolve, 150));
  await server.kill9();
  // Down for a few seconds: the send keeps retrying instead of giving up.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await server.restart();

  const sent = await sending.done;
  expect(sent.code, sent.stderr).toBe(0);
  expect(sent.stderr).toContain('Connection lost. Retrying…');
  expect(linkOf(sent.stdout)).toBe(link);
  const out = join(work, 'restart-out.bin');
  expect((await runCli(['get', link, '-o', out], { env: server.cliEnv })).code).toBe(0);
  expect(await sha256(out)).toBe(await sha256(source));
});
