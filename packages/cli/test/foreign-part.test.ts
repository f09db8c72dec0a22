/**
 * `sealdrop get` goes on only from a `.part` it wrote itself for the very same link (its sidecar
 * says so). Another tool's partial download, or another link's, is never taken as verified data:
 * the get is refused and the file left alone, or with --force the download starts over.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFragment } from '@sealdrop/core/crypto/fragment';
import { expect, it } from 'vitest';
import { createFileWriter } from '../src/lib/file-writer';
import { partOwner } from '../src/lib/part-sidecar';
import { linkOf, runCli, sha256, type TestServer, withServerAndWorkDir } from './support/cli';
import { writeRandomFile } from './support/files';

let server: TestServer;
let work: string;
withServerAndWorkDir((started, dir) => {
  server = started;
  work = dir;
});

const cli = (args: string[]) => runCli(args, { env: server.cliEnv, cwd: work });

async function sent(name: string, size: number): Promise<{ source: string; link: string }> {
  const source = join(work, name);
  await writeRandomFile(source, size);
  const send = await cli(['send', source]);
  expect(send.code, send.stderr).toBe(0);
  return { source, link: linkOf(send.stdout) };
}

it("refuses to go on from another tool's .part, and starts over with --force", async () => {
  const { source, link } = await sent('report.bin', 300 * 1024);
  const out = join(work, 'report-out.bin');
  // What the review planted: 131,072 bytes that no one verified.
  const planted = Buffer.alloc(131_072, 0x41);
  writeFileSync(`${out}.part`, planted);

  const refused = await cli(['get', link, '-o', out]);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toBe(
    `${out}.part was not left by sealdrop for this link: use --force to replace it.\n`,
  );
  expect(readFileSync(`${out}.part`)).toEqual(planted);

  const forced = await cli(['get', link, '-o', out, '--force']);
  expect(forced.code, forced.stderr).toBe(0);
  expect(forced.stderr).not.toMatch(/Resuming/);
  expect(await sha256(out)).toBe(await sha256(source));
});

it("never goes on from the .part this CLI left for another link's file", async () => {
  const wanted = await sent('wanted.bin', 300 * 1024);
  const other = await sent('other.bin', 300 * 1024);
  const out = join(work, 'same-name.bin');
  // An interrupted get of the other link, as the CLI leaves it: 200 KiB verified for that link.
  const otherUrl = new URL(other.link);
  const otherId = otherUrl.pathname.split('/').at(-1)!;
  const otherKey = parseFragment(otherUrl.hash)!.rawKey;
  const size = 300 * 1024;
  const writer = createFileWriter([{ path: out, size, owner: partOwner(otherId, otherKey) }]);
  await writer.write(readFileSync(other.source).subarray(0, 200 * 1024));
  await writer.close();

  const refused = await cli(['get', wanted.link, '-o', out]);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain('was not left by sealdrop for this link');

  // Its own link still takes it up.
  const resumed = await cli(['get', other.link, '-o', out]);
  expect(resumed.code, resumed.stderr).toBe(0);
  expect(resumed.stderr).toMatch(/^Resuming the unfinished download after 200 KB/);
  expect(await sha256(out)).toBe(await sha256(other.source));
});
