import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryStorageDriver } from './memory.driver';
import { runStorageDriverContract } from './storage.test-suite';

runStorageDriverContract('memory', async () => {
  const driver = createMemoryStorageDriver();
  return { driver, origin: 'http://app.test', fetch: driver.fetch };
});

describe('memory storage driver', () => {
  const origin = 'http://app.test';

  it('refuses more bytes than the URL was signed for', async () => {
    const driver = createMemoryStorageDriver();
    const url = await driver.presignPut({
      key: 'a/b',
      size: 4,
      contentType: 'text/plain',
      expiresInSeconds: 60,
      origin,
    });

    await expect(driver.putBytes(url, randomBytes(5))).rejects.toThrow(/413/);
    expect(await driver.head('a/b')).toBeNull();
  });

  it('refuses a signed URL once it has expired', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const driver = createMemoryStorageDriver({ now: () => now });
    const url = await driver.presignPut({
      key: 'a/b',
      size: 1,
      contentType: 'text/plain',
      expiresInSeconds: 60,
      origin,
    });

    now = new Date('2026-01-01T00:01:01Z');

    expect((await driver.fetch(url, { method: 'PUT', body: new Uint8Array([1]) })).status).toBe(
      403,
    );
  });

  it('cannot complete an upload after it was aborted', async () => {
    const driver = createMemoryStorageDriver();
    const { uploadId } = await driver.createMultipart({ key: 'a/b', contentType: 'text/plain' });
    const url = await driver.presignPart({
      key: 'a/b',
      uploadId,
      partNumber: 1,
      size: 3,
      expiresInSeconds: 60,
      origin,
    });
    const etag = await driver.putBytes(url, new Uint8Array([1, 2, 3]));

    await driver.abortMultipart({ key: 'a/b', uploadId });

    await expect(
      driver.completeMultipart({ key: 'a/b', uploadId, parts: [{ partNumber: 1, etag }] }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});
