import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectFiles } from './local-files';

let base: string;
let folder: string;
let secret: string;

/**
 * folder/ holds a file, a subfolder, links to both, a link to itself, a broken link, and links
 * to a file and a folder outside it; outside/ holds a link back to outside/ (a loop).
 */
beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'sealdrop-links-'));
  folder = join(base, 'folder');
  const outside = join(base, 'outside');
  mkdirSync(join(folder, 'sub'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(folder, 'a.txt'), 'a');
  writeFileSync(join(folder, 'sub', 'b.txt'), 'bb');
  secret = join(outside, 'id_rsa');
  writeFileSync(secret, 'PRIVATE KEY');
  symlinkSync(join(folder, 'a.txt'), join(folder, 'a-again.txt'));
  symlinkSync('sub', join(folder, 'sub-again'));
  symlinkSync('.', join(folder, 'itself'));
  symlinkSync(join(base, 'nowhere'), join(folder, 'broken'));
  symlinkSync(secret, join(folder, 'key'));
  symlinkSync(outside, join(folder, 'out'));
  symlinkSync(outside, join(outside, 'loop'));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

async function collect(followSymlinks: boolean) {
  const notices: string[] = [];
  const files = await collectFiles([folder], {
    followSymlinks,
    onNotice: (text) => notices.push(text),
  });
  return { paths: files.map((file) => file.path), files, notices };
}

describe('collectFiles and symbolic links', () => {
  it('follows no link out of the folder, and says which it left out', async () => {
    const { paths, notices } = await collect(false);
    expect(paths).toEqual(['folder/a.txt', 'folder/sub/b.txt']);
    expect(notices).toEqual([
      'Not sent: folder/broken is a symbolic link to nothing.',
      `Not sent: folder/key is a symbolic link to outside ${folder} (--follow-symlinks sends what it points to).`,
      `Not sent: folder/out is a symbolic link to outside ${folder} (--follow-symlinks sends what it points to).`,
    ]);
  });

  it('skips links that point inside the folder: their files are sent once, under their own path', async () => {
    const { paths } = await collect(true);
    expect(
      paths.filter((path) => !path.startsWith('folder/key') && !path.startsWith('folder/out')),
    ).toEqual(['folder/a.txt', 'folder/sub/b.txt']);
  });

  it('with --follow-symlinks, sends what outside links point to, says so, and stops at a loop', async () => {
    const { paths, files, notices } = await collect(true);
    expect(paths).toEqual(['folder/a.txt', 'folder/key', 'folder/out/id_rsa', 'folder/sub/b.txt']);
    expect(files.find((file) => file.path === 'folder/key')?.absolutePath).toBe(secret);
    expect(notices).toEqual([
      'Not sent: folder/broken is a symbolic link to nothing.',
      `Following folder/key: a symbolic link to ${secret}, outside ${folder}.`,
      `Following folder/out: a symbolic link to ${join(base, 'outside')}, outside ${folder}.`,
      'Not sent: folder/out/loop is a symbolic link to a folder that holds it.',
    ]);
  });

  it('takes a link named on the command line as given', async () => {
    const files = await collectFiles([join(folder, 'key')]);
    expect(files.map((file) => [file.path, file.size])).toEqual([['key', 11]]);
  });
});
