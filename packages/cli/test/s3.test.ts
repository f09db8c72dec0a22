/**
 * The same round trips with the S3 storage driver against s3rver: parts go straight to the
 * bucket through the presigned URLs, and downloads come from its presigned GET.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startS3rver, type TestS3 } from '../../server/src/testing/s3rver';
import {
  linkOf,
  PART_SIZE,
  runCli,
  sha256,
  startCli,
  startTestServer,
  type TestServer,
  tempDir,
} from './support/cli';
import { writeRandomFile } from './support/files';

let s3: TestS3;
let server: TestServer;
let work: string;

beforeAll(async () => {
  s3 = await startS3rver();
  server = await startTestServer(s3.env);
  work = tempDir();
});
afterAll(async () => {
  await server?.close();
  await s3?.destroy();
  if (work) rmSync(work, { recursive: true, force: true });
});

const cli = (args: string[]) => runCli(args, { env: server.cliEnv, cwd: work });

it('round-trips one byte and three exact parts through s3rver', async () => {
  for (const size of [1, 3 * PART_SIZE]) {
    const source = join(work, `s3-${size}.bin`);
    await writeRandomFile(source, size);
    const sent = await cli(['send', source]);
    expect(sent.code).toBe(0);
    const out = join(work, `s3-${size}-out.bin`);
    const got = await cli(['get', linkOf(sent.stdout), '-o', out]);
    expect(got.code).toBe(0);
    expect(await sha256(out)).toBe(await sha256(source));
  }
});

it('round-trips a folder through s3rver', async () => {
  const folder = join(work, 'docs');
  mkdirSync(join(folder, 'sub'), { recursive: true });
  writeFileSync(join(folder, 'a.txt'), 'a\n');
  await writeRandomFile(join(folder, 'sub', 'b.bin'), PART_SIZE + 1);
  const sent = await cli(['send', folder]);
  expect(sent.code).toBe(0);
  const out = join(work, 'docs-out');
  expect((await cli(['get', linkOf(sent.stdout), '-o', out])).code).toBe(0);
  expect(await sha256(join(out, 'docs', 'sub', 'b.bin'))).toBe(
    await sha256(join(folder, 'sub', 'b.bin')),
  );
  expect(await sha256(join(out, 'docs', 'a.txt'))).toBe(await sha256(join(folder, 'a.txt')));
});

it('resumes a send killed half-way, its finished parts kept in the bucket', async () => {
  const source = join(work, 's3-resume.bin');
  await writeRandomFile(source, 12 * PART_SIZE);
  const sends = join(server.cliEnv.SEALDROP_CONFIG_DIR!, 'sends');
  const sending = startCli(['send', source], { env: server.cliEnv, cwd: work });
  const link = await sending.line(/^http/);
  const partsDone = () => {
    try {
      const [name] = readdirSync(sends);
      return name ? JSON.parse(readFileSync(join(sends, name), 'utf8')).parts.length : 0;
    } catch {
      return 0;
    }
  };
  while (partsDone() < 2) await new Promise((resolve) => setTimeout(resolve, 5));
  sending.child.kill('SIGKILL');
  await sending.done;
  const kept = partsDone();
  expect(kept).toBeLessThan(12);

  const again = await cli(['send', source, '--json']);
  expect(again.code, again.stderr).toBe(0);
  expect(JSON.parse(again.stdout)).toMatchObject({ link, resumed: true, partsSent: 12 - kept });
  const out = join(work, 's3-resume-out.bin');
  expect((await cli(['get', link, '-o', out])).code).toBe(0);
  expect(await sha256(out)).toBe(await sha256(source));
});
