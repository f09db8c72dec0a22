/**
 * A large file end to end in flat memory, the link before the upload ends, and resuming a send
 * that was killed or interrupted half-way.
 */
import { readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  linkOf,
  runCli,
  sha256,
  startCli,
  type TestServer,
  watchPeakRss,
  withServerAndWorkDir,
} from './support/cli';
import { writeRandomFile } from './support/files';

const MiB = 1024 * 1024;
let server: TestServer;
let work: string;
withServerAndWorkDir((started, dir) => {
  server = started;
  work = dir;
});

const env = () => server.cliEnv;

describe('a large file', () => {
  it('sends and gets 256 MiB in flat memory, the link printed before the upload ends', async () => {
    const source = join(work, 'large.bin');
    await writeRandomFile(source, 256 * MiB);
    const sending = startCli(['send', source], { env: env(), cwd: work });
    const sendPeak = watchPeakRss(sending.child.pid!);
    const link = await sending.line(/^http/);
    // The link works before the upload ends: the recipient sees it is still uploading.
    const fileId = new URL(link).pathname.split('/').at(-1);
    const info = await (await fetch(`${server.origin}/api/files/${fileId}/info`)).json();
    expect(info.data.status).toBe('uploading');
    const sent = await sending.done;
    expect(sent.code).toBe(0);
    expect(sent.stdout.trim().split('\n').at(-1)).toBe('ready');

    const out = join(work, 'large-out.bin');
    const getting = startCli(['get', link, '-o', out], { env: env(), cwd: work });
    const getPeak = watchPeakRss(getting.child.pid!);
    expect((await getting.done).code).toBe(0);
    expect(await sha256(out)).toBe(await sha256(source));
    // Memory does not follow the file size: holding these 256 MiB would put either process well
    // over 300 MB. The 150 MB ceiling is the bench's (`npm run bench -- cli`): here, with
    // the rest of the suite on the same two cores, garbage waits longer and the peak once read
    // 151-157 MB, so the test keeps a margin instead of flaking.
    expect(sendPeak(), 'send peak RSS').toBeLessThan(200 * 1e6);
    expect(getPeak(), 'get peak RSS').toBeLessThan(200 * 1e6);
    rmSync(out);
  });

  it('a recipient who starts at once waits for the upload, then downloads', async () => {
    const source = join(work, 'early.bin');
    await writeRandomFile(source, 96 * MiB);
    const sending = startCli(['send', source], { env: env(), cwd: work });
    const link = await sending.line(/^http/);
    const out = join(work, 'early-out.bin');
    const got = await runCli(['get', link, '-o', out], { env: env(), cwd: work });
    expect((await sending.done).code).toBe(0);
    expect(got.code, got.stderr).toBe(0);
    expect(got.stderr).toContain('The sender is still uploading: waiting…');
    expect(await sha256(out)).toBe(await sha256(source));
  });
});

describe('resuming a send', () => {
  /** Starts a send and stops it (with `signal`) once some but not all parts are stored. */
  async function interruptedSend(source: string, signal: NodeJS.Signals) {
    const sends = join(env().SEALDROP_CONFIG_DIR!, 'sends');
    const sending = startCli(['send', source], { env: env(), cwd: work });
    const link = await sending.line(/^http/);
    for (;;) {
      const state = stateIn(sends);
      if (state && state.parts.length >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    sending.child.kill(signal);
    const stopped = await sending.done;
    expect(stopped.stdout).not.toContain('ready');
    const state = stateIn(sends)!;
    expect(state.parts.length).toBeLessThan(state.partCount);
    return { link, stopped, state };
  }

  it('after kill -9, the same command sends only the missing parts to the same link', async () => {
    const source = join(work, 'resume.bin');
    await writeRandomFile(source, 160 * MiB);
    const { link, state } = await interruptedSend(source, 'SIGKILL');

    const again = await runCli(['send', source, '--json'], { env: env(), cwd: work });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('Resuming the unfinished send of these files.');
    const result = JSON.parse(again.stdout);
    expect(result.link).toBe(link);
    expect(result).toMatchObject({
      resumed: true,
      partsSent: state.partCount - state.parts.length,
    });
    expect(stateIn(join(env().SEALDROP_CONFIG_DIR!, 'sends'))).toBeNull();

    const out = join(work, 'resume-out.bin');
    expect((await runCli(['get', link, '-o', out], { env: env(), cwd: work })).code).toBe(0);
    expect(await sha256(out)).toBe(await sha256(source));
  });

  it('after Ctrl-C (exit 130) too; a file changed since starts over with a new link', async () => {
    const source = join(work, 'changed.bin');
    await writeRandomFile(source, 160 * MiB);
    const { link, stopped } = await interruptedSend(source, 'SIGINT');
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toContain('Run the same command again to resume.');

    utimesSync(source, new Date(), new Date(Date.now() + 5000));
    const again = await runCli(['send', source], { env: env(), cwd: work });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('The files changed since the unfinished send: starting over.');
    expect(linkOf(again.stdout)).not.toBe(link);
    const out = join(work, 'changed-out.bin');
    const got = await runCli(['get', linkOf(again.stdout), '-o', out], { env: env(), cwd: work });
    expect(got.code).toBe(0);
    expect(await sha256(out)).toBe(await sha256(source));
  });

  it('starts over when the server dropped the unfinished upload meanwhile', async () => {
    const source = join(work, 'dropped.bin');
    await writeRandomFile(source, 60 * MiB);
    const { link, state } = await interruptedSend(source, 'SIGKILL');
    const { objectKey, uploadId } = state as unknown as { objectKey: string; uploadId: string };
    const aborted = await fetch(`${server.origin}/api/upload/abort`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ objectKey, uploadId }),
    });
    expect(aborted.ok).toBe(true);
    const again = await runCli(['send', source], { env: env(), cwd: work });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('The unfinished send is gone from the server: starting over.');
    expect(linkOf(again.stdout)).not.toBe(link);
    const out = join(work, 'dropped-out.bin');
    expect((await runCli(['get', linkOf(again.stdout), '-o', out], { env: env() })).code).toBe(0);
    expect(await sha256(out)).toBe(await sha256(source));
  });

  it('keeps the state readable by its owner only', async () => {
    const source = join(work, 'mode.bin');
    await writeRandomFile(source, 40 * MiB);
    await interruptedSend(source, 'SIGKILL');
    const sends = join(env().SEALDROP_CONFIG_DIR!, 'sends');
    const [name] = readdirSync(sends);
    expect(statSync(join(sends, name!)).mode & 0o777).toBe(0o600);
    expect(statSync(sends).mode & 0o777).toBe(0o700);
  });
});

describe('resuming a download', () => {
  it('after kill -9 and after Ctrl-C, get goes on from its .part file to identical bytes', async () => {
    const source = join(work, 'fetch.bin');
    await writeRandomFile(source, 160 * MiB);
    const sent = await runCli(['send', source], { env: env(), cwd: work });
    const link = linkOf(sent.stdout);
    const out = join(work, 'fetch-out.bin');
    let before = 0;
    for (const signal of ['SIGKILL', 'SIGINT'] as const) {
      const getting = startCli(['get', link, '-o', out], { env: env(), cwd: work });
      // The second run resumes first, then grows the file further before it is stopped.
      if (before) await expect.poll(getting.stderr).toMatch(/^Resuming/);
      while (partSize(`${out}.part`) < before + 20 * MiB) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      before = partSize(`${out}.part`);
      getting.child.kill(signal);
      const stopped = await getting.done;
      if (signal === 'SIGINT') expect(stopped.code).toBe(130);
      expect(partSize(`${out}.part`)).toBeLessThan(160 * MiB);
    }
    const again = await runCli(['get', link, '-o', out], { env: env(), cwd: work });
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/^Resuming the unfinished download after \d/);
    expect(await sha256(out)).toBe(await sha256(source));
    expect(partSize(`${out}.part`)).toBe(-1);
  });

  it('resumes a burn-after-reading link in a new run as the same visitor, then burns it', async () => {
    const source = join(work, 'once.bin');
    await writeRandomFile(source, 96 * MiB);
    const sent = await runCli(['send', source, '--limit', '1'], { env: env(), cwd: work });
    const link = linkOf(sent.stdout);
    const out = join(work, 'once-out.bin');
    const getting = startCli(['get', link, '-o', out], { env: env(), cwd: work });
    while (partSize(`${out}.part`) < 20 * MiB) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    getting.child.kill('SIGKILL');
    await getting.done;
    // The one download the link allows was given to this visitor: its cookie waits, 0600.
    const kept = visitorFiles(env().SEALDROP_CONFIG_DIR!);
    expect(kept).toHaveLength(1);
    expect(statSync(kept[0]!).mode & 0o777).toBe(0o600);

    const again = await runCli(['get', link, '-o', out], { env: env(), cwd: work });
    expect(again.code).toBe(0);
    expect(await sha256(out)).toBe(await sha256(source));
    expect(visitorFiles(env().SEALDROP_CONFIG_DIR!)).toEqual([]);
    // Burnt: anyone else, this CLI included, now gets the not-found answer.
    rmSync(out);
    expect((await runCli(['get', link, '-o', out], { env: env(), cwd: work })).code).toBe(3);
  });
});

function visitorFiles(configDir: string): string[] {
  try {
    return readdirSync(join(configDir, 'downloads')).map((name) =>
      join(configDir, 'downloads', name),
    );
  } catch {
    return [];
  }
}

function partSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return -1;
  }
}

function stateIn(dir: string): { parts: unknown[]; partCount: number } | null {
  try {
    const [name] = readdirSync(dir).filter((file) => file.endsWith('.json'));
    return name ? JSON.parse(readFileSync(join(dir, name), 'utf8')) : null;
  } catch {
    return null;
  }
}
