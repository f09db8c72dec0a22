/**
 * The object store goes down under a running server (s3rver stopped): health says so, uploads fail
 * at once with one clear message instead of a hang or a stack trace, and when the store is back the
 * same upload finishes without restarting anything.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver, type TestS3 } from '../testing/s3rver';
import { type ServerProcess, startServerProcess } from '../testing/server-process';
import {
  callApi,
  download,
  finalize,
  presign,
  putBytes,
  sha256,
  splitParts,
  uploadThrough,
} from './support/client';

const MiB = 1024 * 1024;
const UNAVAILABLE = 'Storage is unavailable. Please try again later.';
const ANSWER_WITHIN_MS = 5000;

describe('the object store is down', () => {
  let s3: TestS3;
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    s3 = await startS3rver();
    dataDir = mkdtempSync(join(tmpdir(), 'sealdrop-fault-s3down-'));
    server = await startServerProcess({
      ...s3.env,
      DATA_DIR: dataDir,
      UPLOAD_PART_SIZE: String(5 * MiB),
      SWEEP_INTERVAL_SECONDS: '0',
    });
  });

  afterAll(async () => {
    await server?.stop();
    await s3?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('health is 503, presign and finalize answer 503 with a clear message, and all recovers', async () => {
    expect((await callApi(server.origin, 'GET', '/api/health')).status).toBe(200);
    const small = randomBytes(1000);
    const earlier = await uploadThrough(server.origin, small);
    // A multipart upload whose parts are all in the store before it goes down.
    const big = randomBytes(5 * MiB + 1000);
    const plan = await presign(server.origin, big.length);
    const parts = [];
    for (const part of splitParts(plan, big))
      parts.push({ partNumber: part.partNumber, etag: await putBytes(part.url, part.bytes) });

    await s3.stop();

    const health = await callApi(server.origin, 'GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body.message).toBe('Service unavailable: storage not reachable');
    expect(health.ms).toBeLessThan(ANSWER_WITHIN_MS);

    // Creating a multipart upload needs the store: refused at once, clearly.
    const presigned = await callApi(server.origin, 'POST', '/api/upload/presign', {
      body: { filename: 'b.bin', contentType: 'x/y', size: big.length, isEncrypted: false },
    });
    expect(presigned.status).toBe(503);
    expect(presigned.body).toEqual({ status: 'error', message: UNAVAILABLE });
    expect(presigned.ms).toBeLessThan(ANSWER_WITHIN_MS);

    // A single-PUT URL is signed offline, but the PUT itself cannot reach the store, and
    // finalize says why instead of "not fully uploaded".
    const single = await presign(server.origin, small.length);
    await expect(putBytes(single.uploadUrl ?? '', small)).rejects.toThrow();
    const singleFinal = await finalize(server.origin, single);
    expect(singleFinal.status).toBe(503);
    expect(singleFinal.body).toEqual({ status: 'error', message: UNAVAILABLE });

    const multipartFinal = await finalize(server.origin, plan, parts);
    expect(multipartFinal.status).toBe(503);
    expect(multipartFinal.body).toEqual({ status: 'error', message: UNAVAILABLE });
    expect(multipartFinal.ms).toBeLessThan(ANSWER_WITHIN_MS);

    await s3.start();

    expect((await callApi(server.origin, 'GET', '/api/health')).status).toBe(200);
    const retried = await finalize(server.origin, plan, parts);
    expect(retried.status, retried.body.message).toBe(200);
    expect(sha256(await download(server.origin, plan.slug))).toBe(sha256(big));
    expect(sha256(await download(server.origin, earlier.slug))).toBe(sha256(small));
  });
});
