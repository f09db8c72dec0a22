import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { insertReadyFile } from '../../testing/file-rows';
import { serverPerTest } from '../../testing/server-per-test';
import { sweepTestServer } from '../../testing/sweep';
import { contextOf, type TestServer } from '../../testing/test-server';
import { api, presign, uploadFile } from '../../testing/upload-helpers';
import { SWEEP_BATCH, sweepExpired } from './sweeper';

const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase('expiry sweeper', (createDatabase) => {
  let server: TestServer;
  serverPerTest(createDatabase, (started) => {
    server = started;
  });

  const sweep = () => sweepTestServer(server);

  it('deletes expired objects and rows, and leaves live files alone', async () => {
    const old = await uploadFile(server, { size: 30 });
    server.clock.advance(DAY - 1000);
    const fresh = await uploadFile(server, { size: 30 });
    server.clock.advance(2000);
    const result = await sweep();
    expect(result).toEqual({ files: 1, reservations: 0, failed: 0 });
    expect(await server.storage.head(old.plan.objectKey)).toBeNull();
    expect(await server.storage.head(fresh.plan.objectKey)).toEqual({ size: 30 });
    expect((await api(server, 'GET', `/api/tiny/analytics/${old.plan.slug}`)).statusCode).toBe(404);
  });

  it('aborts multipart uploads that were never finalized', async () => {
    const { body } = await presign(server, { size: 11 * 1024 * 1024 });
    server.clock.advance(DAY + 1);
    expect((await sweep()).files).toBe(1);
    const finalize = await api(server, 'POST', '/api/upload/finalize', {
      objectKey: body.data.objectKey,
    });
    expect(finalize.statusCode).toBe(404);
  });

  it('removes reservations that no file took', async () => {
    await api(server, 'POST', '/api/tiny/instant', {});
    server.clock.advance(DAY + 1);
    expect((await sweep()).reservations).toBe(1);
  });

  it('is idempotent, and concurrent sweepers delete each file exactly once', async () => {
    const uploads = [];
    for (let i = 0; i < 12; i += 1) uploads.push(await uploadFile(server, { size: 10 }));
    server.clock.advance(DAY + 1);
    const results = await Promise.all([sweep(), sweep(), sweep()]);
    expect(results.reduce((sum, r) => sum + r.files, 0)).toBe(12);
    expect(results.every((r) => r.failed === 0)).toBe(true);
    expect(await sweep()).toEqual({ files: 0, reservations: 0, failed: 0 });
    for (const upload of uploads)
      expect(await server.storage.head(upload.plan.objectKey)).toBeNull();
  });

  it('sweeps a backlog of several batches, reading one batch of rows at a time', async () => {
    const ctx = contextOf(server);
    const now = server.clock.now().getTime();
    const backlog = 2 * SWEEP_BATCH + 17;
    for (let i = 0; i < backlog + 5; i += 1) {
      const id = `backlog${String(i).padStart(5, '0')}`;
      const expired = i < backlog;
      await insertReadyFile(server.db, {
        id,
        created_at: now - DAY - 10,
        expires_at: expired ? now - 10 : now + DAY,
        finalized_at: now - DAY,
      });
    }
    const batches: number[] = [];
    const files = {
      ...ctx.files,
      findSweepable: async (input: Parameters<typeof ctx.files.findSweepable>[0]) => {
        const rows = await ctx.files.findSweepable(input);
        batches.push(rows.length);
        return rows;
      },
    };
    const result = await sweepExpired({
      files,
      shortLinks: ctx.shortLinks,
      storage: server.storage,
      now: server.clock.now(),
    });
    expect(result).toEqual({ files: backlog, reservations: 0, failed: 0 });
    expect(Math.max(...batches)).toBe(SWEEP_BATCH);
    expect(batches.length).toBeGreaterThanOrEqual(3);
    const left = await server.db.selectFrom('files').select('id').execute();
    expect(left).toHaveLength(5);
  });
});
