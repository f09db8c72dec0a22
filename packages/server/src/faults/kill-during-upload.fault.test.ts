/**
 * kill -9 in the middle of a multipart upload: the part being sent is cut off, the server comes
 * back on the same port and data directory, and the client's retries finish the upload with the
 * very same bytes. Local driver, SQLite file database: everything the upload needs is on disk.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
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
  withRetry,
} from './support/client';

const MiB = 1024 * 1024;
const PART_SIZE = 5 * MiB;

/** Starts a PUT, sends `sent` bytes of `bytes` and leaves the request open; resolves on its fate. */
function startHalfPut(url: string, bytes: Uint8Array, sent: number) {
  const req = request(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream', 'content-length': bytes.length },
  });
  const outcome = new Promise<string>((resolve) => {
    req.on('response', (response) => resolve(`answered ${response.statusCode}`));
    req.on('error', (error) => resolve(`failed: ${(error as NodeJS.ErrnoException).code}`));
  });
  req.write(bytes.subarray(0, sent));
  return { outcome };
}

describe('kill -9 during a multipart upload', () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sealdrop-fault-kill-'));
    server = await startServerProcess({
      DATA_DIR: dataDir,
      UPLOAD_PART_SIZE: String(PART_SIZE),
      SWEEP_INTERVAL_SECONDS: '0',
    });
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the client retries the cut-off and remaining parts after a restart, and the bytes are identical', async () => {
    const bytes = randomBytes(2 * PART_SIZE + MiB);
    const plan = await presign(server.origin, bytes.length);
    const [first, second, third] = splitParts(plan, bytes);
    if (!first || !second || !third) throw new Error('expected three parts');

    const etags = new Map<number, string>();
    etags.set(1, await putBytes(first.url, first.bytes));

    // Part 2 is half sent when the process dies: no shutdown hook, the socket is simply gone.
    const halfPut = startHalfPut(second.url, second.bytes, 2 * MiB);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await server.kill9();
    expect(await halfPut.outcome).toMatch(/^failed: (ECONNRESET|EPIPE)$/);

    // The client keeps retrying while the server is down; it comes back a second later.
    const retry = { attempts: 12, baseDelayMs: 200, maxDelayMs: 2000 };
    let failedTries = 0;
    const retried = Promise.all(
      [second, third].map(async (part) => {
        const etag = await withRetry(async () => {
          try {
            return await putBytes(part.url, part.bytes);
          } catch (error) {
            failedTries += 1;
            throw error;
          }
        }, retry);
        etags.set(part.partNumber, etag);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await server.restart();
    await retried;
    expect(failedTries).toBeGreaterThanOrEqual(2);

    const parts = [...etags].map(([partNumber, etag]) => ({ partNumber, etag }));
    const finalized = await finalize(server.origin, plan, parts);
    expect(finalized.status, finalized.body.message).toBe(200);

    const downloaded = await download(server.origin, plan.slug);
    expect(downloaded.length).toBe(bytes.length);
    expect(sha256(downloaded)).toBe(sha256(bytes));

    // The cut-off body never became part of anything: the object is exactly one file, and the
    // finished upload left no part directory behind.
    expect(readdirSync(join(dataDir, 'objects', 'multipart'))).toEqual([]);
  });
});
