/**
 * A presign that sends no byte within an hour is swept with its sealed metadata and short link;
 * an upload that received bytes keeps its normal life (and finishes). Local driver on both
 * databases, and S3 through s3rver, whose missing ListParts means "cannot tell" for multipart.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { startS3rver, type TestS3 } from '../../testing/s3rver';
import { sweepTestServer } from '../../testing/sweep';
import { createTestServer, type TestServer } from '../../testing/test-server';
import { api, presign, putBytes } from '../../testing/upload-helpers';
import { BYTELESS_UPLOAD_MS } from './sweeper.byteless';

const MiB = 1024 * 1024;

const sweep = (server: TestServer) => sweepTestServer(server, { byteless: true });

const rowOf = (server: TestServer, slug: string) =>
  server.db.selectFrom('files').selectAll().where('id', '=', slug).executeTakeFirst();
const linkOf = (server: TestServer, slug: string) =>
  server.db.selectFrom('short_links').select('code').where('code', '=', slug).executeTakeFirst();

describeEachDatabase('presigns without bytes (local driver)', (createDatabase) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ database: await createDatabase() });
  });
  afterAll(() => server.close());

  it('sweeps a presign that sent no byte an hour on, with its metadata and link; one that received a part finishes', async () => {
    const silent = (await presign(server, { size: 1000, isEncrypted: true })).body.data;
    const unfinished = (await presign(server, { size: 20 })).body.data;
    expect((await putBytes(server, unfinished.uploadUrl ?? '', Buffer.alloc(20))).statusCode).toBe(
      200,
    );
    const slow = (await presign(server, { size: 11 * MiB })).body.data;
    const part1 = await putBytes(
      server,
      slow.multipart?.parts[0]?.url ?? '',
      Buffer.alloc(5 * MiB, 1),
    );
    expect(part1.statusCode).toBe(200);
    server.clock.advance(BYTELESS_UPLOAD_MS / 2);
    const younger = (await presign(server, { size: 1000, isEncrypted: true })).body.data;
    expect((await rowOf(server, silent.slug))?.encrypted_metadata).toMatch(/^[\w-]+$/);

    server.clock.advance(BYTELESS_UPLOAD_MS / 2 + 1);
    expect((await sweep(server)).files).toBe(1);

    expect(await rowOf(server, silent.slug)).toBeUndefined();
    expect(await linkOf(server, silent.slug)).toBeUndefined();
    // Its link says the upload did not finish (unfinished-links.api.test.ts), no more.
    const info = await api(server, 'GET', `/api/files/${silent.slug}/info`);
    expect(info.statusCode).toBe(410);
    for (const kept of [unfinished, slow, younger]) {
      expect(await rowOf(server, kept.slug)).toBeDefined();
      expect(await linkOf(server, kept.slug)).toBeDefined();
    }

    // The slow upload goes on where it was (with fresh part URLs: the first ones have expired).
    const fresh = await api<{ parts: { url: string }[] }>(server, 'POST', '/api/upload/parts', {
      objectKey: slow.objectKey,
      uploadId: slow.multipart?.uploadId,
      partNumbers: [2, 3],
    });
    const [second, third] = fresh.body.data.parts;
    const part2 = await putBytes(server, second?.url ?? '', Buffer.alloc(5 * MiB, 2));
    const rest = slow.objectSize - 10 * MiB;
    const part3 = await putBytes(server, third?.url ?? '', Buffer.alloc(rest, 3));
    const finalized = await api(server, 'POST', '/api/upload/finalize', {
      objectKey: slow.objectKey,
      parts: [part1, part2, part3].map((part, i) => ({
        partNumber: i + 1,
        etag: String(part.headers.etag),
      })),
    });
    expect(finalized.statusCode).toBe(200);
    expect((await api(server, 'POST', '/api/upload/finalize', unfinished)).statusCode).toBe(200);

    // The younger presign's hour ends later; then it goes too.
    server.clock.advance(BYTELESS_UPLOAD_MS / 2);
    expect((await sweep(server)).files).toBe(1);
    expect(await rowOf(server, younger.slug)).toBeUndefined();
  });
});

describeEachDatabase('presigns without bytes (S3, s3rver)', (createDatabase) => {
  let s3: TestS3;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await startS3rver();
    server = await createTestServer({ database: await createDatabase(), storage: s3.driver });
  });
  afterAll(async () => {
    await server.close();
    await s3.destroy();
  });

  it('sweeps a single PUT that never came, keeps one whose object is there, and a multipart s3rver cannot list', async () => {
    const silent = (await presign(server, { size: 10 })).body.data;
    const sent = (await presign(server, { size: 10 })).body.data;
    const put = await fetch(sent.uploadUrl ?? '', {
      method: 'PUT',
      body: new Blob(['0123456789']),
    });
    expect(put.status).toBe(200);
    const multipart = (await presign(server, { size: 11 * MiB })).body.data;

    server.clock.advance(BYTELESS_UPLOAD_MS + 1);
    expect((await sweep(server)).files).toBe(1);
    expect(await rowOf(server, silent.slug)).toBeUndefined();
    expect((await rowOf(server, sent.slug))?.bytes_seen_at).toBe(server.clock.now().getTime());
    // Without ListParts the store cannot say; such an upload keeps its normal life.
    expect((await rowOf(server, multipart.slug))?.bytes_seen_at).toBe(server.clock.now().getTime());
    expect((await api(server, 'POST', '/api/upload/finalize', sent)).statusCode).toBe(200);
  });
});
