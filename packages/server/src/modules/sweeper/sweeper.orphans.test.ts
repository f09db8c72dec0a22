/**
 * Objects no row owns are deleted once older than any upload URL, on the local
 * driver with a real database and on S3 (s3rver); owned objects and young orphans stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { startS3rver, type TestS3 } from '../../testing/s3rver';
import { serverPerTest } from '../../testing/server-per-test';
import type { TestServer } from '../../testing/test-server';
import { uploadFile } from '../../testing/upload-helpers';
import { createFilesRepository } from '../files/files.repository';
import { createS3StorageDriver } from '../storage/s3.driver';
import type { StorageDriver } from '../storage/storage.types';
import { ORPHAN_MIN_AGE_MS, sweepOrphans } from './sweeper.orphans';

const later = () => new Date(Date.now() + ORPHAN_MIN_AGE_MS + 60_000);

describeEachDatabase('orphan sweep (local driver)', (createDatabase) => {
  let server: TestServer;
  serverPerTest(createDatabase, (started) => {
    server = started;
  });

  it('deletes an object whose row is gone, keeps owned objects and young orphans', async () => {
    const owned = await uploadFile(server, { size: 30 });
    const orphan = await uploadFile(server, { size: 40 });
    // What a late PUT after an abort leaves on S3: an object with no row.
    await server.db.deleteFrom('files').where('id', '=', orphan.plan.slug).execute();

    const young = await sweepOrphans({
      files: createFilesRepository({ db: server.db }),
      storage: server.storage,
      now: new Date(),
    });
    expect(young.orphans).toBe(0);
    expect(await server.storage.head(orphan.plan.objectKey)).toEqual({ size: 40 });

    const result = await sweepOrphans({
      files: createFilesRepository({ db: server.db }),
      storage: server.storage,
      now: later(),
    });
    expect(result.orphans).toBe(1);
    expect(await server.storage.head(orphan.plan.objectKey)).toBeNull();
    expect(await server.storage.head(owned.plan.objectKey)).toEqual({ size: 30 });
  });
});

describe('orphan sweep (S3, s3rver)', () => {
  let s3: TestS3;
  let storage: StorageDriver;
  beforeAll(async () => {
    s3 = await startS3rver();
    storage = createS3StorageDriver({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: 'sealdrop',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
  });
  afterAll(() => s3.destroy());

  const put = async (key: string, size: number) => {
    const url = await storage.presignPut({
      key,
      size,
      contentType: 'application/octet-stream',
      expiresInSeconds: 60,
      origin: '',
    });
    const response = await fetch(url, { method: 'PUT', body: new Blob([new Uint8Array(size)]) });
    expect(response.status).toBe(200);
  };

  it('lists the bucket, deletes objects no row owns, keeps the rest', async () => {
    await put('files/owned123456/a', 3);
    await put('files/orphan12345/b', 4);
    await put('elsewhere/not-ours', 5);
    const files = {
      findByObjectKey: async (key: string) =>
        key === 'files/owned123456/a' ? ({ object_key: key } as never) : undefined,
    };
    expect((await sweepOrphans({ files, storage, now: new Date() })).orphans).toBe(0);
    expect((await sweepOrphans({ files, storage, now: later() })).orphans).toBe(1);
    expect(await storage.head('files/orphan12345/b')).toBeNull();
    expect(await storage.head('files/owned123456/a')).toEqual({ size: 3 });
    expect(await storage.head('elsewhere/not-ours')).toEqual({ size: 5 });
  });
});
