import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { objectSize } from '@sealdrop/core/upload-plan';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { serverPerTest } from '../../testing/server-per-test';
import type { TestServer } from '../../testing/test-server';
import {
  api,
  downloadBytes,
  pathOf,
  presign,
  putBytes,
  uploadFile,
} from '../../testing/upload-helpers';

const MiB = 1024 * 1024;

describeEachDatabase('upload API', (createDatabase) => {
  let server: TestServer;
  serverPerTest(createDatabase, (started) => {
    server = started;
  });

  it('round-trips a small file through presign, PUT, finalize, info and download', async () => {
    const { plan, stored, finalized } = await uploadFile(server, {
      size: 1000,
      filename: 'notes.txt',
    });
    expect(plan.uploadUrl).toBeTruthy();
    expect(plan.shortUrl).toBe(`http://localhost:80/s/${plan.slug}`);
    expect(finalized.statusCode).toBe(200);
    expect(finalized.body.data).toEqual({
      fileId: plan.slug,
      storageKey: plan.objectKey,
      downloadUrl: `http://localhost:80/s/${plan.slug}`,
      status: 'ready',
    });

    const info = await api(server, 'GET', `/api/files/${plan.slug}/info`);
    expect(info.body.data).toMatchObject({
      originalName: 'notes.txt',
      size: 1000,
      isEncrypted: false,
    });

    const download = await downloadBytes(server, plan.slug);
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.bytes, stored)).toBe(0);
  });

  it('plans a multipart upload above one part and assembles the parts in order', async () => {
    const size = 11 * MiB;
    const { plan, stored, finalized } = await uploadFile(server, { size });
    expect(plan.multipart?.partCount).toBe(3);
    expect(plan.multipart?.parts.map((part) => part.partNumber)).toEqual([1, 2, 3]);
    expect(finalized.statusCode).toBe(200);
    const download = await downloadBytes(server, plan.slug);
    expect(Buffer.compare(download.bytes, stored)).toBe(0);
  });

  it('expects the encrypted object size for an encrypted file and stores it as octet-stream', async () => {
    const size = 3 * 65536 + 5;
    const { plan, finalized } = await uploadFile(server, { size, isEncrypted: true });
    expect(plan.objectSize).toBe(objectSize(size, true));
    expect(plan.objectKey.endsWith('.enc')).toBe(true);
    expect(finalized.statusCode).toBe(200);
    const info = await api(server, 'GET', `/api/files/${plan.slug}/info`);
    expect(info.body.data).toMatchObject({
      originalName: null,
      size,
      isEncrypted: true,
      contentType: 'application/octet-stream',
    });
  });

  it('refuses a file over the guest limit with the limit in the message', async () => {
    const response = await presign(server, { size: 5 * 1024 ** 3 + 1 });
    expect(response.statusCode).toBe(413);
    expect(response.body).toEqual({
      status: 'error',
      message: 'File size exceeds maximum allowed size of 5GB',
    });
  });

  it('refuses to finalize a multipart upload without every part', async () => {
    const { body } = await presign(server, { size: 11 * MiB });
    const response = await api(server, 'POST', '/api/upload/finalize', {
      objectKey: body.data.objectKey,
      parts: [{ partNumber: 1, etag: '"x"' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.body.message).toBe('finalize needs the ETag of each of the 3 parts');
  });

  it('discards an upload whose stored size differs from the declared size', async () => {
    const { body } = await presign(server, { size: 1000 });
    // The local driver refuses a short body itself; S3 would store it, so plant one directly.
    const shortUrl = await server.storage.presignPut({
      key: body.data.objectKey,
      size: 10,
      contentType: 'application/octet-stream',
      expiresInSeconds: 60,
      origin: 'http://localhost',
    });
    expect((await putBytes(server, shortUrl, Buffer.alloc(10))).statusCode).toBe(200);
    const response = await api(server, 'POST', '/api/upload/finalize', {
      objectKey: body.data.objectKey,
      slug: body.data.slug,
    });
    expect(response.statusCode).toBe(400);
    expect(response.body.message).toMatch(/does not match the declared size/);
    expect(await server.storage.head(body.data.objectKey)).toBeNull();
    // Discarded: its link says the upload did not finish.
    expect((await api(server, 'GET', `/api/files/${body.data.slug}/info`)).statusCode).toBe(410);
  });

  it('does not let someone who only knows the public slug discard an upload in progress', async () => {
    const { body } = await presign(server, { size: 1000 });
    const response = await api(server, 'POST', '/api/upload/finalize', { slug: body.data.slug });
    expect(response.statusCode).toBe(409);
    expect(response.body.message).toBe('The file has not been fully uploaded yet');
    const put = await putBytes(server, body.data.uploadUrl ?? '', Buffer.alloc(1000));
    expect(put.statusCode).toBe(200);
  });

  it('finalizes twice with the same answer', async () => {
    const { plan } = await uploadFile(server, { size: 10 });
    const again = await api(server, 'POST', '/api/upload/finalize', { objectKey: plan.objectKey });
    expect(again.statusCode).toBe(200);
    expect(again.body.data).toMatchObject({ fileId: plan.slug });
  });

  it('describes a file that is still uploading, and resolves its links, but refuses its download with 409', async () => {
    const { body } = await presign(server, { size: 10 });
    const info = await api(server, 'GET', `/api/files/${body.data.slug}/info`);
    expect(info.statusCode).toBe(200);
    expect(info.body.data).toMatchObject({ fileId: body.data.slug, size: 10, status: 'uploading' });
    const short = await api(server, 'GET', `/api/s/${body.data.slug}`);
    expect(short.body.data).toEqual({
      fileId: body.data.slug,
      downloadUrl: `/download/${body.data.slug}`,
    });
    const resolved = await api(server, 'GET', `/api/files/resolve?slug=${body.data.slug}`);
    expect(resolved.statusCode).toBe(200);
    const download = await api(server, 'GET', `/api/files/${body.data.slug}/download`);
    expect(download.statusCode).toBe(409);
    expect(download.body.message).toBe(
      'This file is still uploading. Please try again in a moment.',
    );
    const put = await putBytes(server, body.data.uploadUrl ?? '', Buffer.alloc(10));
    expect(put.statusCode).toBe(200);
    await api(server, 'POST', '/api/upload/finalize', { objectKey: body.data.objectKey });
    const ready = await api(server, 'GET', `/api/files/${body.data.slug}/info`);
    expect(ready.body.data).toMatchObject({ status: 'ready' });
  });

  it('hands out fresh part URLs and refuses part numbers past the plan', async () => {
    const { body } = await presign(server, { size: 11 * MiB });
    const uploadId = body.data.multipart?.uploadId ?? '';
    const fresh = await api<{ parts: { partNumber: number; url: string }[] }>(
      server,
      'POST',
      '/api/upload/parts',
      {
        objectKey: body.data.objectKey,
        uploadId,
        partNumbers: [2, 3],
      },
    );
    expect(fresh.body.data.parts.map((part) => part.partNumber)).toEqual([2, 3]);
    const tooFar = await api(server, 'POST', '/api/upload/parts', {
      objectKey: body.data.objectKey,
      uploadId,
      partNumbers: [4],
    });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.body.message).toBe('Part numbers must be between 1 and 3');
  });

  it('aborts an upload: its parts and row are gone and finalize no longer finds it', async () => {
    const { body } = await presign(server, { size: 11 * MiB });
    const url = body.data.multipart?.parts[0]?.url ?? '';
    await putBytes(server, url, Buffer.alloc(5 * MiB));
    // The local driver keeps unfinished parts under multipart/{uploadId}: they must go with it.
    const partsDir = join(
      server.config.DATA_DIR,
      'objects',
      'multipart',
      body.data.multipart?.uploadId ?? '',
    );
    expect(readdirSync(partsDir).length).toBeGreaterThan(1);
    const abort = await api(server, 'POST', '/api/upload/abort', {
      objectKey: body.data.objectKey,
      uploadId: body.data.multipart?.uploadId,
    });
    expect(abort.statusCode).toBe(200);
    expect(existsSync(partsDir)).toBe(false);
    const finalize = await api(server, 'POST', '/api/upload/finalize', {
      objectKey: body.data.objectKey,
    });
    expect(finalize.statusCode).toBe(404);
    const late = await server.app.inject({
      method: 'PUT',
      url: pathOf(url),
      payload: Buffer.alloc(10),
    });
    expect(late.statusCode).toBeGreaterThanOrEqual(400);
  });
});
