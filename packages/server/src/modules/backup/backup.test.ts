/**
 * `npm run backup` while uploads run, restored into a fresh DATA_DIR: every file complete when the
 * backup was taken downloads with the same bytes, every file the restored database says is ready
 * downloads, and a file deleted while the objects were being copied is left out whole.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { createDatabase, migrateToLatest } from '../../database/database';
import type { Database } from '../../database/schema';
import { runScript } from '../../testing/server-process';
import { createTestServer, type TestServer } from '../../testing/test-server';
import { downloadBytes, uploadFile } from '../../testing/upload-helpers';
import { openDatabase } from '../../wiring';
import { createLocalStorageDriver } from '../storage/local.driver';
import { backupDataDir, DATABASE_FILE } from './backup';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `sealdrop-${name}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The server on a DATA_DIR as `npm start` lays it out: sealdrop.db and objects/. */
async function serveDataDir(dataDir: string, db: Database): Promise<TestServer> {
  const server = await createTestServer({
    database: { db, destroy: () => db.destroy() },
    storage: createLocalStorageDriver({
      rootDir: join(dataDir, 'objects'),
      secret: 'b'.repeat(32),
    }),
    // The uploaders below send hundreds of files from one address while the backup runs.
    env: { RATE_LIMIT_ENABLED: 'false', ANON_DAILY_UPLOADS: '1000000' },
  });
  cleanups.push(() => server.close());
  return server;
}

interface Uploaded {
  fileId: string;
  objectKey: string;
  stored: Buffer;
}

/** A live DATA_DIR with a server on it, and uploads that can keep running. */
async function liveDataDir() {
  const dataDir = tempDir('live');
  const db = createDatabase({ kind: 'sqlite', filename: join(dataDir, DATABASE_FILE) });
  await migrateToLatest(db);
  const server = await serveDataDir(dataDir, db);
  const upload = async (size: number): Promise<Uploaded> => {
    const { plan, stored, finalized } = await uploadFile(server, {
      size,
      isEncrypted: size % 2 === 1,
    });
    expect(finalized.statusCode).toBe(200);
    return { fileId: finalized.body.data.fileId, objectKey: plan.objectKey, stored };
  };
  /** Two uploaders; each finished upload lands in `before` until `during()` is called. */
  const keepUploading = () => {
    let stop = false;
    let switched = false;
    const before: Uploaded[] = [];
    const during: Uploaded[] = [];
    const uploader = async (seed: number) => {
      for (let i = 0; !stop; i += 1) {
        const file = await upload(1_000 + ((seed * 7919 + i * 104_729) % 50_000));
        (switched ? during : before).push(file);
        // A steady trickle: a slow backup on a busy machine must not mean thousands of files.
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    // Stopped by the test, or by an upload that failed (its error then fails the test there).
    const running = [uploader(1), uploader(2)].map((run) =>
      run.catch((error: unknown) => {
        stop = true;
        throw error;
      }),
    );
    cleanups.push(async () => {
      stop = true;
      await Promise.allSettled(running);
    });
    return {
      before,
      during,
      switch: () => {
        switched = true;
      },
      stop: async () => {
        stop = true;
        await Promise.all(running);
      },
    };
  };
  return { dataDir, db, server, upload, keepUploading };
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

/** The backup copied into a fresh DATA_DIR and opened as a start opens it. */
async function restore(backup: string) {
  const dataDir = tempDir('restored');
  cpSync(backup, dataDir, { recursive: true });
  const db = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
  return { db, server: await serveDataDir(dataDir, db) };
}

async function expectEveryReadyFileDownloads(restored: { db: Database; server: TestServer }) {
  const ready = await restored.db
    .selectFrom('files')
    .select('id')
    .where('status', '=', 'ready')
    .execute();
  for (const { id } of ready) {
    expect((await downloadBytes(restored.server, id)).statusCode, id).toBe(200);
  }
  return ready.length;
}

it('npm run backup, run while uploads go on, restores into a fresh DATA_DIR: every file complete at backup time downloads', async () => {
  const live = await liveDataDir();
  for (let i = 0; i < 4; i += 1) await live.upload(10_000 + i * 7_001);
  const uploads = live.keepUploading();
  await until(() => uploads.before.length >= 4);

  const destination = join(tempDir('backups'), 'nightly');
  uploads.switch();
  const complete = [...uploads.before];
  const logs: string[] = [];
  const backup = runScript('packages/server/src/backup.ts', { DATA_DIR: live.dataDir }, logs, [
    destination,
  ]);
  const exitCode = await backup.exited;
  const afterBackup = uploads.during.length;
  await until(() => uploads.during.length >= afterBackup + 2);
  await uploads.stop();
  expect(exitCode, logs.join('')).toBe(0);
  expect(logs.join('')).toMatch(/backed up .* into .*nightly: \d+ files/);
  // Uploads went on while the backup process ran.
  expect(afterBackup).toBeGreaterThan(0);

  const restored = await restore(destination);
  for (const file of complete) {
    const download = await downloadBytes(restored.server, file.fileId);
    expect(download.statusCode, file.fileId).toBe(200);
    expect(Buffer.compare(download.bytes, file.stored), file.fileId).toBe(0);
  }
  // Files finalized while the backup ran are in it or not, but never half.
  expect(await expectEveryReadyFileDownloads(restored)).toBeGreaterThanOrEqual(complete.length);
}, 180_000);

it('a file deleted while the objects are copied is left out of the backup, row and all', async () => {
  const live = await liveDataDir();
  const files: Uploaded[] = [];
  for (let i = 0; i < 5; i += 1) files.push(await live.upload(5_000 + i * 3_001));
  const deleted = files[0] as Uploaded;
  const destination = join(tempDir('backups'), 'b');
  const report = await backupDataDir({
    dataDir: live.dataDir,
    destination,
    // Between the two copies, the file expires and is swept, or its owner deletes it.
    afterDatabaseCopy: async () => {
      await live.server.storage.delete(deleted.objectKey);
      await live.db.deleteFrom('files').where('id', '=', deleted.fileId).execute();
    },
  });
  expect(report).toMatchObject({ files: 4, deletedMeanwhile: 1 });

  const restored = await restore(destination);
  expect((await downloadBytes(restored.server, deleted.fileId)).statusCode).toBe(404);
  for (const file of files.slice(1)) {
    const download = await downloadBytes(restored.server, file.fileId);
    expect(Buffer.compare(download.bytes, file.stored), file.fileId).toBe(0);
  }
  expect(await expectEveryReadyFileDownloads(restored)).toBe(4);
});

it('keeps a removed file as the tombstone it is: the restored link still answers 410', async () => {
  const live = await liveDataDir();
  const kept = await live.upload(4_000);
  const removed = await live.upload(6_000);
  // What a moderator's removal leaves: the row, marked, and no object.
  await live.db
    .updateTable('files')
    .set({ removed_at: Date.now(), removed_reason: 'terms', upload_id: null })
    .where('id', '=', removed.fileId)
    .execute();
  await live.server.storage.delete(removed.objectKey);
  const destination = join(tempDir('backups'), 'b');
  const report = await backupDataDir({ dataDir: live.dataDir, destination });
  expect(report).toMatchObject({ files: 1, deletedMeanwhile: 0 });

  const restored = await restore(destination);
  const info = await restored.server.app.inject({ url: `/api/files/${removed.fileId}/info` });
  expect(info.statusCode).toBe(410);
  const download = await downloadBytes(restored.server, kept.fileId);
  expect(Buffer.compare(download.bytes, kept.stored)).toBe(0);
});

it('refuses to write into a directory that is not empty', async () => {
  const live = await liveDataDir();
  await expect(backupDataDir({ dataDir: live.dataDir, destination: live.dataDir })).rejects.toThrow(
    'is not empty: a backup goes into a new directory',
  );
});
