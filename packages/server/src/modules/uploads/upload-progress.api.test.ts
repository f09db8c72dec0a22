/**
 * A recipient waiting for a link learns how the sender's upload goes (docs/uploads.md, "Progress
 * and pauses"): the sender's heartbeat reports the bytes sent, info carries them as `progress`,
 * and `stalled` once the upload has not moved for UPLOAD_STALL_SECONDS.
 */
import type { FileInfo } from '@sealdrop/core/api-schemas';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { serverPerTest } from '../../testing/server-per-test';
import type { TestServer } from '../../testing/test-server';
import { api, presign, putBytes, uploadFile } from '../../testing/upload-helpers';

describeEachDatabase('upload progress', (createDatabase) => {
  let server: TestServer;
  serverPerTest(
    createDatabase,
    { env: { RATE_LIMIT_ENABLED: 'false', UPLOAD_STALL_SECONDS: '60' } },
    (started) => {
      server = started;
    },
  );

  const info = async (slug: string) =>
    (await api<FileInfo>(server, 'GET', `/api/files/${slug}/info`)).body.data;
  const heartbeat = (objectKey: string, sentBytes: number) =>
    api<{ progress: number }>(server, 'POST', '/api/upload/heartbeat', { objectKey, sentBytes });

  it('shows the bytes the sender reported, never less than before nor more than the file', async () => {
    const { body } = await presign(server, { size: 11 * 1024 * 1024, isEncrypted: true });
    const { objectKey, slug } = body.data;
    expect(await info(slug)).toMatchObject({ status: 'uploading', progress: 0, stalled: false });

    expect((await heartbeat(objectKey, 4_000_000)).body.data).toEqual({ progress: 4_000_000 });
    expect((await heartbeat(objectKey, 1_000)).body.data).toEqual({ progress: 4_000_000 });
    expect(await info(slug)).toMatchObject({ progress: 4_000_000, stalled: false });

    await heartbeat(objectKey, 99 * 1024 * 1024);
    expect((await info(slug)).progress).toBe(11 * 1024 * 1024);
  });

  it('says stalled after the stall time without progress, and not once the upload moves again', async () => {
    const { body } = await presign(server, { size: 11 * 1024 * 1024 });
    const { objectKey, slug, multipart } = body.data;
    await heartbeat(objectKey, 1000);
    server.clock.advance(59_000);
    expect((await info(slug)).stalled).toBe(false);
    // The same figure again is no progress: a sender stuck on a part still counts as paused.
    await heartbeat(objectKey, 1000);
    server.clock.advance(1_000);
    expect((await info(slug)).stalled).toBe(true);

    await heartbeat(objectKey, 2000);
    expect((await info(slug)).stalled).toBe(false);

    // Asking for part URLs and writing a part are progress too.
    server.clock.advance(60_000);
    await api(server, 'POST', '/api/upload/parts', {
      objectKey,
      uploadId: multipart?.uploadId,
      partNumbers: [2],
    });
    expect((await info(slug)).stalled).toBe(false);
    server.clock.advance(60_000);
    expect((await info(slug)).stalled).toBe(true);
    await putBytes(server, multipart?.parts[0]?.url ?? '', Buffer.alloc(multipart?.partSize ?? 0));
    expect((await info(slug)).stalled).toBe(false);
  });

  it('counts an upload that never moved from its presign; a report of no bytes is no move', async () => {
    const { body } = await presign(server, { size: 20 });
    server.clock.advance(60_000);
    expect(await info(body.data.slug)).toMatchObject({ progress: 0, stalled: true });
    await heartbeat(body.data.objectKey, 0);
    expect(await info(body.data.slug)).toMatchObject({ progress: 0, stalled: true });
  });

  it('carries neither progress nor stalled once the file is ready', async () => {
    const { plan } = await uploadFile(server, { size: 20 });
    server.clock.advance(120_000);
    const ready = await info(plan.slug);
    expect(ready.status).toBe('ready');
    expect(ready).not.toHaveProperty('progress');
    expect(ready).not.toHaveProperty('stalled');
  });

  it('takes a heartbeat only from the holder of a live upload’s secret object key', async () => {
    const unknown = await heartbeat('files/nope/nope', 10);
    expect(unknown.statusCode).toBe(404);

    const { plan } = await uploadFile(server, { size: 20 });
    expect((await heartbeat(plan.objectKey, 10)).statusCode).toBe(409);

    const { body } = await presign(server, { size: 20 });
    await api(server, 'POST', '/api/upload/abort', { objectKey: body.data.objectKey });
    expect((await heartbeat(body.data.objectKey, 10)).statusCode).toBe(404);
  });

  it('refuses a malformed report with a 400', async () => {
    const { body } = await presign(server, { size: 20 });
    for (const payload of [
      { objectKey: body.data.objectKey },
      { objectKey: body.data.objectKey, sentBytes: -1 },
      { objectKey: body.data.objectKey, sentBytes: 1.5 },
      { sentBytes: 10 },
    ]) {
      const response = await api(server, 'POST', '/api/upload/heartbeat', payload);
      expect(response.statusCode).toBe(400);
      expect(response.body.status).toBe('error');
    }
  });
});
