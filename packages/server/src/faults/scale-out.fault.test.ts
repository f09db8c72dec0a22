/**
 * Scale out: two identical server processes on different ports share one PostgreSQL database and
 * one object store (s3rver), as N processes behind a reverse proxy would (docs/deploy.md). Nothing
 * a request needs lives in one process: uploads, downloads, sessions and the sweeper all work
 * across them.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../../../scripts/scratch-postgres.mjs';
import { DATABASES } from '../testing/databases';
import { BUCKET, startS3rver, type TestS3 } from '../testing/s3rver';
import type { ServerProcess } from '../testing/server-process';
import { callApi, download, sha256, uploadThrough } from './support/client';
import { startCountingProxy } from './support/counting-proxy';
import { type ProcessPair, startProcessPair } from './support/process-pair';

const MiB = 1024 * 1024;
const postgresAvailable = DATABASES.find((entry) => entry.name === 'postgres')?.available;

/** The `sweep` objects of every "swept expired files" log line of a process. */
function sweptCounts(logs: string[]): number[] {
  return logs
    .join('')
    .split('\n')
    .filter((line) => line.includes('"swept expired files"'))
    .map((line) => (JSON.parse(line) as { sweep: { files: number } }).sweep.files);
}

describe.skipIf(!postgresAvailable)('two server processes, one database, one store', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let s3: TestS3;
  let proxy: Awaited<ReturnType<typeof startCountingProxy>>;
  let pair: ProcessPair | undefined;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createScratchDatabase('sealdrop_scale');

    s3 = await startS3rver();
    // Every DELETE waits 10 ms: a sweep of 200 files takes seconds, so the sweepers overlap.
    proxy = await startCountingProxy(s3, 10);
    // Started at the same moment: both migrate the same empty database at once.
    pair = await startProcessPair('scale', {
      ...s3.env,
      S3_ENDPOINT: proxy.endpoint,
      DATABASE_URL: database.url,
      UPLOAD_PART_SIZE: String(5 * MiB),
      SWEEP_INTERVAL_SECONDS: '1',
      LOG_LEVEL: 'info',
    });
    ({ a, b } = pair);
  });

  afterAll(async () => {
    await pair?.stop();
    await proxy?.close();
    await s3?.destroy();
    await database?.drop();
  });

  it('both start healthy on the same empty database', async () => {
    expect((await callApi(a.origin, 'GET', '/api/health')).status).toBe(200);
    expect((await callApi(b.origin, 'GET', '/api/health')).status).toBe(200);
  });

  it('a file uploaded through one process resolves and downloads through the other', async () => {
    const bytes = randomBytes(6 * MiB);
    const plan = await uploadThrough(a.origin, bytes);
    expect(plan.multipart?.partCount).toBe(2);

    const info = await callApi<{ size: number }>(b.origin, 'GET', `/api/files/${plan.slug}/info`);
    expect(info.status).toBe(200);
    expect(info.body.data.size).toBe(bytes.length);
    expect(sha256(await download(b.origin, plan.slug))).toBe(sha256(bytes));
  });

  it('a session revoked on one process is refused by the other', async () => {
    const credentials = { email: 'scale@example.com', password: 'a long enough password 1' };
    const registered = await callApi<{ token: string }>(a.origin, 'POST', '/api/auth/register', {
      body: credentials,
    });
    expect(registered.status, registered.body.message).toBe(200);
    const { token } = registered.body.data;
    expect((await callApi(b.origin, 'GET', '/api/auth/me', { token })).status).toBe(200);

    const logout = await callApi(a.origin, 'POST', '/api/auth/logout', { token });
    expect(logout.status).toBe(200);

    const refused = await callApi(b.origin, 'GET', '/api/auth/me', { token });
    expect(refused.status).toBe(401);
    expect(refused.body.status).toBe('error');
    const again = await callApi(b.origin, 'POST', '/api/auth/login', { body: credentials });
    expect(again.status).toBe(200);
  });

  it('the sweepers of both processes run at once and delete each expired file exactly once', async () => {
    const count = 200;
    const now = Date.now();
    const rows = Array.from({ length: count }, (_, i) => ({
      id: `sweep${String(i).padStart(4, '0')}`,
      key: `files/sweep${String(i).padStart(4, '0')}/${randomBytes(10).toString('hex')}`,
    }));
    // The objects go straight to the store, not through the proxy: only the sweepers' deletes count.
    for (const { key } of rows) {
      const put = await fetch(`${s3.endpoint}/${BUCKET}/${key}`, { method: 'PUT', body: 'x' });
      expect(put.status).toBe(200);
    }
    const client = new pg.Client({
      connectionString: database.url,
    });
    await client.connect();
    try {
      const values = rows.map(
        (_, i) =>
          `($${i * 2 + 1}, $${i * 2 + 2}, 'x.bin', 'x/y', 1, 1, 0, 'ready', null, null, ${now - 2000}, ${now - 1000}, ${now - 2000}, null)`,
      );
      await client.query(
        `insert into files (id, object_key, original_name, content_type, size, object_size, is_encrypted, status, upload_id, owner_id, created_at, expires_at, finalized_at, sweep_claimed_until) values ${values.join(', ')}`,
        rows.flatMap(({ id, key }) => [id, key]),
      );

      const deadline = Date.now() + 60_000;
      for (;;) {
        const left = await client.query(
          `select count(*)::int as n from files where id like 'sweep%'`,
        );
        if (left.rows[0].n === 0) break;
        if (Date.now() > deadline) throw new Error(`${left.rows[0].n} expired files left`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      await client.end();
    }

    for (const { key } of rows) {
      expect(proxy.deletes.get(`/${BUCKET}/${key}`), key).toBe(1);
      const head = await fetch(`${s3.endpoint}/${BUCKET}/${key}`, { method: 'HEAD' });
      expect(head.status).toBe(404);
    }
    // Both processes did part of the work, together exactly all of it, and nothing failed.
    const [sweptByA, sweptByB] = [sweptCounts(a.logs), sweptCounts(b.logs)];
    const total = (counts: number[]) => counts.reduce((sum, n) => sum + n, 0);
    expect(total(sweptByA)).toBeGreaterThan(0);
    expect(total(sweptByB)).toBeGreaterThan(0);
    expect(total(sweptByA) + total(sweptByB)).toBe(count);
    const failures = [...a.logs, ...b.logs]
      .join('')
      .split('\n')
      .filter((line) => /sweep failed/.test(line));
    expect(failures).toEqual([]);
  });
});
