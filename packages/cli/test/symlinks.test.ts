/**
 * `sealdrop send <folder>` and symbolic links, end to end: a link planted in a folder that points
 * outside it (at a private key, say) sends nothing unless --follow-symlinks is given, and then
 * stderr says what was followed.
 */
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { linkOf, runCli, type TestServer, tempDir, withServerAndWorkDir } from './support/cli';

let server: TestServer;
let work: string;
let secret: string;
withServerAndWorkDir((started, dir) => {
  server = started;
  work = dir;
  mkdirSync(join(work, 'project'));
  writeFileSync(join(work, 'project', 'readme.txt'), 'hello\n');
  secret = join(work, 'id_ed25519');
  writeFileSync(secret, 'PRIVATE KEY\n');
  symlinkSync(secret, join(work, 'project', 'notes.txt'));
});

const cli = (args: string[]) => runCli(args, { env: server.cliEnv, cwd: work });

async function received(link: string): Promise<string[]> {
  const out = tempDir();
  const got = await cli(['get', link, '-o', out]);
  expect(got.code, got.stderr).toBe(0);
  return readdirSync(out, { recursive: true }).map(String).sort();
}

it('does not follow a link out of the folder, and says so on stderr', async () => {
  const sent = await cli(['send', 'project']);
  expect(sent.code, sent.stderr).toBe(0);
  expect(sent.stderr).toContain(
    'Not sent: project/notes.txt is a symbolic link to outside project (--follow-symlinks sends what it points to).\n',
  );
  // One file left: a link of one file, saved under its own name.
  expect(await received(linkOf(sent.stdout))).toEqual(['readme.txt']);
});

it('follows it with --follow-symlinks, saying where it leads', async () => {
  const sent = await cli(['send', 'project', '--follow-symlinks']);
  expect(sent.code, sent.stderr).toBe(0);
  expect(sent.stderr).toContain(
    `Following project/notes.txt: a symbolic link to ${secret}, outside project.\n`,
  );
  expect(await received(linkOf(sent.stdout))).toEqual([
    'project',
    join('project', 'notes.txt'),
    join('project', 'readme.txt'),
  ]);
});
