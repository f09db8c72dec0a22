/**
 * A signed upload URL outlives its upload; the server's own storage routes refuse it once the
 * upload is no longer pending: after an abort, after the owner deleted the
 * file, and after finalize (no overwriting a shared object). Nothing is written then.
 */
import { PassThrough } from 'node:stream';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { serverPerTest } from '../../testing/server-per-test';
import type { TestServer } from '../../testing/test-server';
import { api, pathOf, presign, putBytes, uploadFile } from '../../testing/upload-helpers';

const CLOSED = 'This upload is closed: it was finished, cancelled or deleted, or it expired.';

describeEachDatabase('closed uploads', (createDatabase) => {
  let server: TestServer;
  serverPerTest(createDatabase, { env: { RATE_LIMIT_ENABLED: 'false' } }, (started) => {
    server = started;
  });

  it('refuses a single PUT after the upload was aborted, and stores nothing', async () => {
    const { body } = await presign(server, { size: 20 });
    const { uploadUrl = '', objectKey, objectSize } = body.data;
    await api(server, 'POST', '/api/upload/abort', { objectKey });
    const late = await putBytes(server, uploadUrl, Buffer.alloc(objectSize, 1));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(CLOSED);
    expect(await server.storage.head(objectKey)).toBeNull();
  });

  it('refuses a part PUT after the multipart upload was aborted', async () => {
    const { body } = await presign(server, { size: 11 * 1024 * 1024 });
    const { multipart, objectKey } = body.data;
    const url = multipart?.parts[0]?.url ?? '';
    await api(server, 'POST', '/api/upload/abort', { objectKey, uploadId: multipart?.uploadId });
    const late = await putBytes(server, url, Buffer.alloc(multipart?.partSize ?? 0, 1));
    expect(late.statusCode).toBe(409);
  });

  it('refuses a PUT after the owner deleted the pending file', async () => {
    const registered = await api<{ token: string }>(server, 'POST', '/api/auth/register', {
      email: 'ada@example.com',
      password: 'Correct-Horse-9',
    });
    const authorization = `Bearer ${registered.body.data.token}`;
    const presigned = await server.app.inject({
      method: 'POST',
      url: '/api/upload/presign',
      headers: { authorization },
      payload: { filename: 'a.txt', contentType: 'text/plain', size: 20 },
    });
    const { uploadUrl, objectKey, slug, objectSize } = presigned.json().data;
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `/api/files/${slug}`,
      headers: { authorization },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await putBytes(server, uploadUrl, Buffer.alloc(objectSize, 1))).statusCode).toBe(409);
    expect(await server.storage.head(objectKey)).toBeNull();
  });

  it('refuses to overwrite a finalized object through its old upload URL', async () => {
    const { plan, stored } = await uploadFile(server, { size: 20 });
    const again = await putBytes(server, plan.uploadUrl ?? '', Buffer.alloc(stored.length, 7));
    expect(again.statusCode).toBe(409);
    const download = await server.app.inject({ url: `/api/files/${plan.slug}/download` });
    const object = await server.app.inject({ url: String(download.headers.location) });
    expect(object.rawPayload.equals(stored)).toBe(true);
  });

  it('refuses a PUT that began before finalize and ends after it: the checked object stays', async () => {
    const { plan, stored } = await uploadFile(server, { size: 20 });
    // The upload was still pending when this PUT began, so it was let in; it ends after finalize.
    await server.db
      .updateTable('files')
      .set({ status: 'pending' })
      .where('id', '=', plan.slug)
      .execute();
    const body = new PassThrough();
    const late = server.app.inject({
      method: 'PUT',
      url: pathOf(plan.uploadUrl ?? ''),
      payload: body,
      headers: {
        'content-type': 'application/octet-stream',
        'content-length': String(stored.length),
      },
    });
    body.write(Buffer.alloc(1, 7));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await server.db
      .updateTable('files')
      .set({ status: 'ready' })
      .where('id', '=', plan.slug)
      .execute();
    body.end(Buffer.alloc(stored.length - 1, 7));
    expect((await late).statusCode).toBe(409);
    const download = await server.app.inject({ url: `/api/files/${plan.slug}/download` });
    const object = await server.app.inject({ url: String(download.headers.location) });
    expect(object.rawPayload.equals(stored)).toBe(true);
  });
});
