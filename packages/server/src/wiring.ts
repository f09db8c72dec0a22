/** Builds the real database and storage from configuration; shared by main.ts and sweep.ts. */
import { join, resolve } from 'node:path';
import type { Config } from './config/config';
import { resolveServerSecret } from './config/server-secret';
import { createDatabase, migrateToLatest } from './database/database';
import type { Database } from './database/schema';
import { createLocalStorageDriver } from './modules/storage/local.driver';
import type { StorageDriver } from './modules/storage/storage.types';
import { withStoreUnavailableErrors } from './modules/storage/storage.unavailable';

export async function openDatabase(config: Config): Promise<Database> {
  const db = config.DATABASE_URL
    ? createDatabase({ kind: 'postgres', connectionString: config.DATABASE_URL })
    : createDatabase({ kind: 'sqlite', filename: join(resolve(config.DATA_DIR), 'sealdrop.db') });
  await migrateToLatest(db);
  return db;
}

/**
 * The AWS SDK is loaded only when S3 is used (~9 MiB of memory otherwise paid by every process);
 * in the bundle it is a chunk of its own (scripts/build-server.mjs).
 */
export async function openStorage(config: Config, secret: string): Promise<StorageDriver> {
  if (config.STORAGE === 's3') {
    const { createS3StorageDriver } = await import('./modules/storage/s3.driver');
    const s3 = createS3StorageDriver({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET ?? '',
      accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
    // A store that is down answers 503 "Storage is unavailable…", never a hang or a stack trace.
    return withStoreUnavailableErrors(s3);
  }
  return createLocalStorageDriver({
    rootDir: join(resolve(config.DATA_DIR), 'objects'),
    secret,
  });
}

/** SECRET, or the one every process on this database shares (config/server-secret.ts). */
export function serverSecret(config: Config, db: Database): Promise<string> {
  return resolveServerSecret({
    db,
    configured: config.SECRET,
    legacyFile: join(resolve(config.DATA_DIR), 'secret'),
  });
}
