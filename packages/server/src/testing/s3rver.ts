/**
 * An s3rver on a loopback port with the bucket the app expects; stoppable and restartable. Server
 * processes use it through `env`, in-process tests through `driver`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { createS3StorageDriver } from '../modules/storage/s3.driver';
import type { StorageDriver } from '../modules/storage/storage.types';
import { freePort } from './server-process';

export const BUCKET = 'sealdrop';

const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin>
<AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedHeader>*</AllowedHeader>
<ExposeHeader>ETag</ExposeHeader></CORSRule></CORSConfiguration>`;

export interface TestS3 {
  endpoint: string;
  port: number;
  /** Where s3rver keeps objects and their metadata on disk. */
  directory: string;
  /** What a server process needs to use this store. */
  env: Record<string, string>;
  /** Our S3 driver on this store. */
  driver: StorageDriver;
  stop: () => Promise<void>;
  /** Starts again on the same port with the same objects. */
  start: () => Promise<void>;
  destroy: () => Promise<void>;
}

export async function startS3rver(options: { port?: number } = {}): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'sealdrop-fault-s3-'));
  const port = options.port ?? (await freePort());
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: BUCKET, configs: [CORS] }],
    });
    await server.run();
  };
  const stop = async () => {
    const running = server;
    server = null;
    await running?.close();
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    port,
    directory,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    driver: createS3StorageDriver({
      endpoint,
      region: 'us-east-1',
      bucket: BUCKET,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    }),
    stop,
    start,
    destroy: async () => {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
