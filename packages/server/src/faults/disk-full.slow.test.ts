/**
 * A real full disk under the local driver: the objects directory is a 12 MiB tmpfs (needs root to
 * mount, hence slow: `npm run test:faults`). Writes that do not fit answer 507 with a clear
 * message, and nothing half-written is ever visible as an object. The same behaviour with an
 * injected ENOSPC runs in CI: modules/storage/local.disk-full.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../testing/server-process';
import {
  download,
  finalize,
  presign,
  putBytes,
  sha256,
  splitParts,
  uploadThrough,
} from './support/client';

const MiB = 1024 * 1024;
const NO_SPACE = /^Not enough storage space on the server/;

/** Every file under a directory, relative to it. */
const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));

describe('disk full on the local driver (tmpfs)', () => {
  let dataDir: string;
  let objectsDir: string;
  let mounted = false;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sealdrop-fault-disk-'));
    objectsDir = join(dataDir, 'objects');
    mkdirSync(objectsDir);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=12m', 'tmpfs', objectsDir]);
    mounted = true;
    server = await startServerProcess({
      DATA_DIR: dataDir,
      UPLOAD_PART_SIZE: String(5 * MiB),
      SWEEP_INTERVAL_SECONDS: '0',
    });
  });

  afterAll(async () => {
    await server?.stop();
    if (mounted) execFileSync('umount', [objectsDir]);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 507 to writes that do not fit and never shows a partial object', async () => {
    const small = randomBytes(100 * 1024);
    const kept = await uploadThrough(server.origin, small);

    // Both 5 MiB parts fit (10.1 of 12 MiB used), but joining them needs 10 MiB more.
    const big = randomBytes(10 * MiB);
    const plan = await presign(server.origin, big.length);
    const parts = [];
    for (const part of splitParts(plan, big))
      parts.push({ partNumber: part.partNumber, etag: await putBytes(part.url, part.bytes) });
    const joined = await finalize(server.origin, plan, parts);
    expect(joined.status).toBe(507);
    expect(joined.body).toEqual({ status: 'error', message: expect.stringMatching(NO_SPACE) });

    // A single PUT larger than what is left is refused while it streams.
    const single = await presign(server.origin, 3 * MiB);
    const put = await fetch(single.uploadUrl ?? '', {
      method: 'PUT',
      body: new Blob([randomBytes(3 * MiB)]),
    });
    expect(put.status).toBe(507);
    expect(((await put.json()) as { message: string }).message).toMatch(NO_SPACE);
    const singleFinal = await finalize(server.origin, single);
    expect(singleFinal.status).toBe(409);
    expect(singleFinal.body.message).toBe('The file has not been fully uploaded yet');

    // Only the first file is an object; no temp file is left; the first file still downloads.
    const objects = filesUnder(join(objectsDir, 'objects'));
    expect(objects).toEqual([kept.objectKey]);
    expect(filesUnder(join(objectsDir, 'tmp'))).toEqual([]);
    expect(sha256(await download(server.origin, kept.slug))).toBe(sha256(small));
  });
});
