import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStorageServer } from './local.test-server';
import { runStorageDriverContract } from './storage.test-suite';

runStorageDriverContract('local', async () => {
  const server = await startLocalStorageServer();
  return { driver: server.driver, origin: server.origin, fetch, teardown: server.close };
});

describe('local storage driver', () => {
  let server: Awaited<ReturnType<typeof startLocalStorageServer>>;
  beforeAll(async () => {
    server = await startLocalStorageServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const startUpload = async (key: string) => {
    const { driver, origin } = server;
    const { uploadId } = await driver.createMultipart({ key, contentType: 'text/plain' });
    const url = await driver.presignPart({
      key,
      uploadId,
      partNumber: 1,
      size: 3,
      expiresInSeconds: 60,
      origin,
    });
    const response = await fetch(url, { method: 'PUT', body: new Uint8Array([1, 2, 3]) });
    return { uploadId, etag: response.headers.get('etag') ?? '' };
  };

  it('cannot complete an upload after it was aborted', async () => {
    const { uploadId, etag } = await startUpload('local/aborted.bin');

    await server.driver.abortMultipart({ key: 'local/aborted.bin', uploadId });

    await expect(
      server.driver.completeMultipart({
        key: 'local/aborted.bin',
        uploadId,
        parts: [{ partNumber: 1, etag }],
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses to complete with a part ETag that does not match the stored part', async () => {
    const { uploadId } = await startUpload('local/wrong-etag.bin');

    await expect(
      server.driver.completeMultipart({
        key: 'local/wrong-etag.bin',
        uploadId,
        parts: [{ partNumber: 1, etag: `"${'0'.repeat(32)}"` }],
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(await server.driver.head('local/wrong-etag.bin')).toBeNull();
  });

  it('keeps only the last upload of a part that was sent twice', async () => {
    const key = 'local/resent.bin';
    const { driver, origin } = server;
    const { uploadId } = await driver.createMultipart({ key, contentType: 'text/plain' });
    const sendPart = async (bytes: Uint8Array) => {
      const url = await driver.presignPart({
        key,
        uploadId,
        partNumber: 1,
        size: bytes.length,
        expiresInSeconds: 60,
        origin,
      });
      return (await fetch(url, { method: 'PUT', body: bytes })).headers.get('etag') ?? '';
    };
    await sendPart(randomBytes(8));
    const second = randomBytes(8);
    const etag = await sendPart(second);

    await driver.completeMultipart({ key, uploadId, parts: [{ partNumber: 1, etag }] });

    const url = await driver.presignGet({ key, expiresInSeconds: 60, origin });
    expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(second)).toBe(true);
    expect((await server.files()).filter((file) => file.includes(uploadId))).toEqual([]);
  });

  it('removes the directories a deleted object leaves empty', async () => {
    const { driver, origin } = server;
    const key = 'local/nested/deep/file.bin';
    const url = await driver.presignPut({
      key,
      size: 1,
      contentType: 'text/plain',
      expiresInSeconds: 60,
      origin,
    });
    await fetch(url, { method: 'PUT', body: new Uint8Array([7]) });

    await driver.delete(key);

    expect(await server.files()).not.toContain('objects/local/nested/deep/file.bin');
    expect(await driver.head('local/nested')).toBeNull();
  });
});
