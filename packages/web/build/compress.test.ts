// @vitest-environment node
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import { compressFolder } from './compress';

let folder: string | undefined;
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

it('writes a brotli and a gzip copy beside every text file of the build, leaving the rest alone', async () => {
  folder = mkdtempSync(join(tmpdir(), 'sealdrop-compress-'));
  mkdirSync(join(folder, 'assets'));
  const script = `console.log(${JSON.stringify('sealdrop '.repeat(500))});`;
  writeFileSync(join(folder, 'assets/app-1a2b.js'), script);
  writeFileSync(join(folder, 'index.html'), `<html>${'<p>x</p>'.repeat(100)}</html>`);
  writeFileSync(join(folder, 'photo.png'), Buffer.from([137, 80, 78, 71]));
  writeFileSync(join(folder, 'a.txt'), 'x');

  await compressFolder(folder);

  const brotli = readFileSync(join(folder, 'assets/app-1a2b.js.br'));
  expect(brotliDecompressSync(brotli).toString()).toBe(script);
  expect(brotli.length).toBeLessThan(script.length / 10);
  expect(gunzipSync(readFileSync(join(folder, 'assets/app-1a2b.js.gz'))).toString()).toBe(script);
  expect(readdirSync(folder).sort()).toEqual(
    ['a.txt', 'assets', 'index.html', 'index.html.br', 'index.html.gz', 'photo.png'].sort(),
  );
});
