/**
 * The real binary against a real server (local storage driver): round trips of the sizes that
 * matter, a folder, the web app's error texts and exit codes for every way a download can fail.
 */
import { mkdirSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DECRYPTION_FAILED_MESSAGE } from '@sealdrop/core/crypto/record-seal';
import {
  FIRST_RECORD_FAILED_DETAIL,
  GENERAL_ERROR_MESSAGE,
  INVALID_LINK_MESSAGE,
  NOT_FOUND_MESSAGE,
  stoppedDetail,
} from '@sealdrop/core/download-messages';
import { TAG_SIZE } from '@sealdrop/core/record-format';
import { objectSize } from '@sealdrop/core/upload-plan';
import { UPLOAD_DID_NOT_FINISH_TEXT } from '@sealdrop/core/upload-progress';
import { describe, expect, it } from 'vitest';
import {
  linkOf,
  PART_SIZE,
  runCli,
  sha256,
  storedObject,
  type TestServer,
  withServerAndWorkDir,
} from './support/cli';
import { writeRandomFile } from './support/files';

let server: TestServer;
let work: string;
withServerAndWorkDir((started, dir) => {
  server = started;
  work = dir;
});

const cli = (args: string[], env: Record<string, string> = {}) =>
  runCli(args, { env: { ...server.cliEnv, ...env }, cwd: work });

async function send(paths: string[], extra: string[] = []) {
  const run = await cli(['send', ...paths, ...extra]);
  expect(run.stderr).not.toMatch(/Error/);
  expect(run.code).toBe(0);
  expect(run.stdout.trim().split('\n').at(-1)).toBe('ready');
  return linkOf(run.stdout);
}

async function roundTrip(size: number) {
  const source = join(work, `in-${size}.bin`);
  await writeRandomFile(source, size);
  const link = await send([source]);
  const out = join(work, `out-${size}.bin`);
  const got = await cli(['get', link, '-o', out]);
  expect(got.code).toBe(0);
  expect(got.stdout.trim()).toBe(out);
  expect(await sha256(out)).toBe(await sha256(source));
  return { link, source };
}

describe('sealdrop send and get', () => {
  it('round-trips one byte, and the link carries the key in its fragment only', async () => {
    const { link } = await roundTrip(1);
    expect(link).toMatch(
      new RegExp(`^${server.origin}/s/[0-9A-Za-z]{10,32}#key=[\\w-]{43}&iv=[\\w-]{16}$`),
    );
    // The key never reached the server, not even in a log line.
    const key = new URL(link).hash.slice(5, 48);
    expect(server.logs.join('')).not.toContain(key);
  });

  it('round-trips an empty file', async () => {
    await roundTrip(0);
  });

  it('round-trips a file of exactly two parts through a multipart upload', async () => {
    await roundTrip(2 * PART_SIZE);
    // Stored as one object of the planned size, made of the parts.
    storedObject(server.dataDir, objectSize(2 * PART_SIZE, true));
  });

  it('round-trips a folder (nested, with an empty file) as one link of several files', async () => {
    const folder = join(work, 'album');
    mkdirSync(join(folder, 'raw', 'deep'), { recursive: true });
    writeFileSync(join(folder, 'notes.txt'), 'hello\n');
    writeFileSync(join(folder, 'empty'), '');
    await writeRandomFile(join(folder, 'raw', 'a.bin'), PART_SIZE + 12_345);
    await writeRandomFile(join(folder, 'raw', 'deep', 'b.bin'), 70_000);
    const link = await send([folder, join(work, 'in-1.bin')]);
    const out = join(work, 'album-out');
    const got = await cli(['get', link, '-o', out]);
    expect(got.code).toBe(0);
    for (const path of ['notes.txt', 'empty', 'raw/a.bin', 'raw/deep/b.bin']) {
      expect(await sha256(join(out, 'album', path))).toBe(await sha256(join(folder, path)));
    }
    expect(await sha256(join(out, 'in-1.bin'))).toBe(await sha256(join(work, 'in-1.bin')));
    expect(readdirSync(out).sort()).toEqual(['album', 'in-1.bin']);
  });

  it('refuses a folder whose paths are too long for one link before asking the server (exit 2)', async () => {
    const deep = join(
      work,
      'long',
      ...Array.from({ length: 11 }, (_, i) => String.fromCharCode(97 + i).repeat(200)),
    );
    mkdirSync(deep, { recursive: true });
    writeFileSync(join(deep, 'a.txt'), 'a');
    writeFileSync(join(deep, 'b.txt'), 'b');
    const run = await cli(['send', join(work, 'long')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'The names and folders of these files are too long to share in one link.',
    );
    // A link is printed as soon as presign answers: none was made.
    expect(run.stdout).not.toContain('/s/');
  });

  it('prints JSON with --json', async () => {
    const run = await cli(['send', join(work, 'in-1.bin'), '--json', '--expire', '1h']);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ bytes: 1, link: expect.stringContaining('#key=') });
    expect(result.link).toContain(`/s/${result.fileId}#`);
    const hours = (Date.parse(result.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(0.9);
    expect(hours).toBeLessThanOrEqual(1);
    expect(result.seconds).toBeGreaterThan(0);
  });

  it('sends plain with --plain: the server keeps the name and nothing is encrypted', async () => {
    writeFileSync(join(work, 'plain.txt'), 'plain words\n');
    const link = await send([join(work, 'plain.txt')], ['--plain']);
    expect(new URL(link).hash).toBe('');
    const info = await fetch(`${server.origin}/api/files/${link.split('/s/')[1]}/info`);
    expect((await info.json()).data).toMatchObject({
      originalName: 'plain.txt',
      isEncrypted: false,
    });
    const got = await cli(['get', link, '-o', join(work, 'plain-out.txt')]);
    expect(got.code).toBe(0);
    expect(readFileSync(join(work, 'plain-out.txt'), 'utf8')).toBe('plain words\n');
  });
});

describe('sealdrop get failures', () => {
  it('refuses a wrong key with the page texts, exit 4, and saves nothing', async () => {
    const link = await send([join(work, 'in-1.bin')]);
    const wrong = link.replace(/key=[\w-]{43}/, `key=${'A'.repeat(42)}E`);
    const out = join(work, 'wrong-key.bin');
    const got = await cli(['get', wrong, '-o', out]);
    expect(got.code).toBe(4);
    expect(got.stderr).toBe(`${GENERAL_ERROR_MESSAGE}\n${FIRST_RECORD_FAILED_DETAIL}\n`);
    await expect(stat(out)).rejects.toThrow();
    await expect(stat(`${out}.part`)).rejects.toThrow();
  });

  it('stops at a tampered record: exit 4, the tamper text, no file and no .part left', async () => {
    const size = 3 * 1024 * 1024;
    const source = join(work, 'tamper.bin');
    await writeRandomFile(source, size);
    const link = await send([source]);
    const stored = storedObject(server.dataDir, objectSize(size, true));
    const handle = await open(stored, 'r+');
    const at = 2 * 1024 * 1024 + 77; // well past the first record
    const byte = Buffer.alloc(1);
    await handle.read(byte, 0, 1, at);
    byte[0] = byte[0]! ^ 1;
    await handle.write(byte, 0, 1, at);
    await handle.close();
    const out = join(work, 'tamper-out.bin');
    const got = await cli(['get', link, '-o', out]);
    expect(got.code).toBe(4);
    expect(got.stderr).toBe(
      `${GENERAL_ERROR_MESSAGE}\n${stoppedDetail(DECRYPTION_FAILED_MESSAGE)}\n`,
    );
    await expect(stat(out)).rejects.toThrow();
    await expect(stat(`${out}.part`)).rejects.toThrow();
  });

  it('refuses an object cut short at a record boundary (the last record missing)', async () => {
    const size = 1024 * 1024 + 100;
    const source = join(work, 'cut.bin');
    await writeRandomFile(source, size);
    const link = await send([source]);
    const stored = storedObject(server.dataDir, objectSize(size, true));
    truncateSync(stored, objectSize(size, true) - (100 + TAG_SIZE));
    const got = await cli(['get', link, '-o', join(work, 'cut-out.bin')]);
    expect(got.code).toBe(4);
    expect(got.stderr).toBe(
      `${GENERAL_ERROR_MESSAGE}\n${stoppedDetail(DECRYPTION_FAILED_MESSAGE)}\n`,
    );
    await expect(stat(join(work, 'cut-out.bin'))).rejects.toThrow();
  });

  it('says "not found or expired" with exit 3 for an unknown or spent link', async () => {
    const unknown = await cli(['get', `${server.origin}/s/ZZZZZZZZZZZZ#key=x`]);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toBe(`${NOT_FOUND_MESSAGE}\n`);

    const link = await send([join(work, 'in-1.bin')], ['--limit', '1']);
    expect((await cli(['get', link, '-o', join(work, 'once.bin')])).code).toBe(0);
    const again = await cli(['get', link, '-o', join(work, 'twice.bin')]);
    expect(again.code).toBe(3);
    expect(again.stderr).toBe(`${NOT_FOUND_MESSAGE}\n`);
  });

  it('says the upload did not finish, with exit 3, for a link whose sender cancelled it', async () => {
    const post = async (path: string, body: object) =>
      (
        await fetch(`${server.origin}/api${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json() as Promise<{ data: { objectKey: string; slug: string } }>;
    const { data } = await post('/upload/presign', {
      filename: 'cancelled.txt',
      contentType: 'text/plain',
      size: 20,
    });
    await post('/upload/abort', { objectKey: data.objectKey });
    const got = await cli(['get', `${server.origin}/s/${data.slug}`, '-o', join(work, 'no.txt')]);
    expect(got).toMatchObject({ code: 3, stderr: `${UPLOAD_DID_NOT_FINISH_TEXT}\n` });
  });

  it('refuses a link without its key (exit 2) and a malformed one', async () => {
    const link = await send([join(work, 'in-1.bin')]);
    const bare = await cli(['get', link.split('#')[0]!]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toBe(`${INVALID_LINK_MESSAGE}\n`);
    expect((await cli(['get', 'not a link'])).code).toBe(2);
  });

  it('opens a passphrase link only with its passphrase (exit 5 otherwise)', async () => {
    const run = await cli(['send', join(work, 'in-1.bin'), '--passphrase'], {
      SEALDROP_PASSPHRASE: 'correct horse',
    });
    expect(run.code).toBe(0);
    const link = linkOf(run.stdout);
    expect(link).toMatch(/#wkey=.*&kdf=pbkdf2-sha256-600000$/);
    expect(link).not.toMatch(/[#&]key=/);
    const out = join(work, 'protected.bin');
    const wrong = await cli(['get', link, '-o', out], { SEALDROP_PASSPHRASE: 'wrong' });
    expect(wrong.code).toBe(5);
    expect(wrong.stderr).toBe('Wrong passphrase.\n');
    const none = await cli(['get', link, '-o', out]);
    expect(none.code).toBe(2);
    const right = await cli(['get', link, '-o', out], { SEALDROP_PASSPHRASE: 'correct horse' });
    expect(right.code).toBe(0);
    expect(await sha256(out)).toBe(await sha256(join(work, 'in-1.bin')));
  });

  it('does not overwrite a file unless --force', async () => {
    const link = await send([join(work, 'in-1.bin')]);
    const out = join(work, 'exists.bin');
    writeFileSync(out, 'mine');
    const refused = await cli(['get', link, '-o', out]);
    expect(refused.code).toBe(2);
    expect(readFileSync(out, 'utf8')).toBe('mine');
    expect((await cli(['get', link, '-o', out, '--force'])).code).toBe(0);
    expect(await sha256(out)).toBe(await sha256(join(work, 'in-1.bin')));
  });
});
