/**
 * A link whose sealed file list was made by someone hostile (not by Sealdrop's own clients): paths
 * with `..`, absolute paths, backslashes and drive letters. `sealdrop get` writes every file under
 * the output folder (core's safeEntryPath), never beside or above it, under names that show
 * every hidden character, and never over its own temporary files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PresignResponse } from '@sealdrop/core/api-schemas';
import { buildFragment } from '@sealdrop/core/crypto/fragment';
import { generateKeyMaterial } from '@sealdrop/core/crypto/key-material';
import { sealMetadata } from '@sealdrop/core/crypto/metadata-record';
import { encryptBytes } from '@sealdrop/core/crypto/record-cipher';
import { expect, it } from 'vitest';
import { runCli, type TestServer, withServerAndWorkDir } from './support/cli';

let server: TestServer;
let work: string;
withServerAndWorkDir((started, dir) => {
  server = started;
  work = dir;
});

/** Uploads `contents` as one encrypted link listing them at `paths`; answers the link. */
async function hostileLink(paths: string[], contents: string[]): Promise<string> {
  const material = await generateKeyMaterial();
  const plaintext = new TextEncoder().encode(contents.join(''));
  const files = paths.map((path, i) => ({ name: path, path, size: contents[i]!.length, type: '' }));
  const presign = await api<PresignResponse>('/upload/presign', {
    isEncrypted: true,
    size: plaintext.length,
    encryptedMetadata: await sealMetadata({ files }, material.rawKey),
  });
  const sealed = await encryptBytes(material.key, material.iv, plaintext);
  const put = await fetch(presign.uploadUrl!, { method: 'PUT', body: sealed });
  expect(put.ok).toBe(true);
  await api('/upload/finalize', { objectKey: presign.objectKey, slug: presign.slug });
  return `${server.origin}/s/${presign.slug}#${buildFragment(material)}`;
}

async function api<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${server.origin}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (json.status !== 'success') throw new Error(json.message);
  return json.data;
}

it('keeps files with hostile paths inside the output folder', async () => {
  const paths = ['../../escape.txt', '/etc/passwd-copy', 'C:\\Windows\\x.txt', 'ok/../../up.txt'];
  const contents = paths.map((_, i) => `file ${i}\n`);
  const link = await hostileLink(paths, contents);
  const out = join(work, 'inbox');
  const got = await runCli(['get', link, '-o', out], { env: server.cliEnv, cwd: work });
  expect(got.code, got.stderr).toBe(0);
  // Everything landed under the output folder; nothing next to it.
  expect(readdirSync(work).sort()).toEqual(['inbox']);
  const written = readdirSync(out, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(out.length + 1))
    .sort();
  expect(written).toEqual(['Windows/x.txt', 'escape.txt', 'etc/passwd-copy', 'ok/up.txt']);
  expect(readFileSync(join(out, 'escape.txt'), 'utf8')).toBe('file 0\n');
});

it('refuses a list naming one path twice, writing nothing', async () => {
  const link = await hostileLink(['dup/a.txt', '../dup/a.txt'], ['one\n', 'two\n']);
  const out = join(work, 'twice');
  const got = await runCli(['get', link, '-o', out], { env: server.cliEnv, cwd: work });
  expect(got.code).toBe(1);
  expect(got.stderr).toBe(`The link lists ${join(out, 'dup', 'a.txt')} twice.\n`);
  expect(() => readdirSync(out)).toThrow();
});

it("refuses a list naming a file and that file's temporary name, writing nothing", async () => {
  for (const clash of ['a.part', 'a.part.sealdrop']) {
    const link = await hostileLink(['a', clash], ['the file\n', 'its impostor\n']);
    const out = join(work, `clash-${clash}`);
    const got = await runCli(['get', link, '-o', out], { env: server.cliEnv, cwd: work });
    expect(got.code).toBe(1);
    expect(got.stderr).toBe(
      `The link lists both a and ${clash}, a name sealdrop itself writes while downloading a.\n`,
    );
    expect(() => readdirSync(out)).toThrow();
  }
});

it('writes names with a right-to-left override or C1 controls as they are, visibly', async () => {
  const link = await hostileLink(
    ['docs/invoice\u202Efdp.exe', 'docs/a\u009B2Jb.txt'],
    ['MZ\n', 'text\n'],
  );
  const out = join(work, 'bidi');
  const got = await runCli(['get', link, '-o', out], { env: server.cliEnv, cwd: work });
  expect(got.code, got.stderr).toBe(0);
  expect(readdirSync(join(out, 'docs')).sort()).toEqual([
    'a[U+009B]2Jb.txt',
    'invoice[U+202E]fdp.exe',
  ]);
  expect(got.stdout).toBe(
    `${join(out, 'docs', 'invoice[U+202E]fdp.exe')}\n${join(out, 'docs', 'a[U+009B]2Jb.txt')}\n`,
  );
});
