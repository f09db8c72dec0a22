/**
 * Passphrase links from the CLI: a weak passphrase is refused (the account-password meter), and
 * an interrupted send of a protected link keeps only the wrapped key in its state file, so the
 * same command needs the same passphrase to go on.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
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

const cli = (args: string[], passphrase?: string) =>
  runCli(args, {
    env: { ...server.cliEnv, ...(passphrase ? { SEALDROP_PASSPHRASE: passphrase } : {}) },
    cwd: work,
  });

describe('a weak passphrase', () => {
  it('is refused before anything is sent, with why', async () => {
    for (const weak of ['sesame', 'password', 'Ab1!']) {
      const sent = await cli(['send', 'small.bin', '--passphrase'], weak);
      expect(sent.code).toBe(2);
      expect(sent.stdout).toBe('');
      expect(sent.stderr).toBe(
        'The passphrase is too weak: use at least 8 characters of two kinds or more (capitals, small letters, numbers, symbols or spaces).\n' +
          'Whoever gets the link can try passphrases on their own computer, as many as they like.\n',
      );
    }
  });
});

describe('resuming a passphrase send', () => {
  const sends = () => join(server.cliEnv.SEALDROP_CONFIG_DIR!, 'sends');
  const stateText = () => {
    const [name] = readdirSync(sends()).filter((file) => file.endsWith('.json'));
    return name ? readFileSync(join(sends(), name), 'utf8') : null;
  };

  /** A protected send of `source` stopped by kill -9 once two parts are stored. */
  async function interrupted(source: string, passphrase: string) {
    const sending = startCli(['send', source, '--passphrase'], {
      env: { ...server.cliEnv, SEALDROP_PASSPHRASE: passphrase },
      cwd: work,
    });
    const link = await sending.line(/^http/);
    for (;;) {
      const text = stateText();
      if (text && JSON.parse(text).parts.length >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    sending.child.kill('SIGKILL');
    await sending.done;
    return { link, state: JSON.parse(stateText()!) };
  }

  it('keeps only the wrapped key in the state, and goes on with the same passphrase', async () => {
    const source = join(work, 'protected.bin');
    await writeRandomFile(source, 40 * MiB);
    const { link, state } = await interrupted(source, 'correct horse');
    expect(link).toContain('#wkey=');
    expect(state.fragment).toBeNull();
    expect(state.link).toBe(link);
    expect(stateText()).not.toMatch(/[#&"]key=/);

    const again = await cli(['send', source, '--passphrase', '--json'], 'correct horse');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('Resuming the unfinished send of these files.');
    expect(JSON.parse(again.stdout)).toMatchObject({ link, resumed: true });

    const out = join(work, 'protected-out.bin');
    const got = await cli(['get', link, '-o', out], 'correct horse');
    expect(got.code, got.stderr).toBe(0);
    expect(await sha256(out)).toBe(await sha256(source));
  });

  it('starts over with a new link when the passphrase is not the first one', async () => {
    const source = join(work, 'other-passphrase.bin');
    await writeRandomFile(source, 40 * MiB);
    const { link } = await interrupted(source, 'correct horse');
    const again = await cli(['send', source, '--passphrase'], 'battery staple');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(
      'The passphrase does not open the unfinished send of these files: starting over.',
    );
    const fresh = linkOf(again.stdout);
    expect(fresh).not.toBe(link);
    const out = join(work, 'other-passphrase-out.bin');
    const got = await cli(['get', fresh, '-o', out], 'battery staple');
    expect(got.code, got.stderr).toBe(0);
    expect(await sha256(out)).toBe(await sha256(source));
  });
});
