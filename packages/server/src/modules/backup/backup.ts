/**
 * An online backup of a SQLite DATA_DIR while the server runs (`npm run backup`, src/backup.ts):
 * the database first, then the objects its rows reference. The backup is itself a DATA_DIR:
 * restoring is copying it into place and starting the server on it.
 *
 * Why that order: objects are only ever added (an upload writes a temp file, then renames it into
 * place, before finalize marks its row ready) or deleted (expiry, the owner, a spent link), never
 * changed. So every ready row in the database copy names an object that existed when the copy was
 * taken, and copying the objects afterwards finds each of them unless it was deleted meanwhile;
 * such a row is then deleted from the backup too, as if the deletion had happened before the copy.
 * Copying the objects first would leave rows finalized meanwhile pointing at objects not copied.
 *
 * The database copy is SQLite's online backup API (better-sqlite3's `backup()`) told to copy every
 * page in one step: one read transaction, so one consistent moment. Under WAL journaling writers
 * go on meanwhile; page by page, every write by the server would restart the copy.
 */
import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import SQLite from 'better-sqlite3';
import { createDatabase } from '../../database/database';
import { eachAtMost } from '../../shared/each-at-most';
import { whereLive } from '../../shared/file-liveness';
import { createFilesRepository } from '../files/files.repository';
import { createShortLinksRepository } from '../short-links/short-links.repository';
import { createLocalLayout, isMissing } from '../storage/local.layout';

export const DATABASE_FILE = 'sealdrop.db';
/** Objects copied at once: enough to keep a disk busy, few enough to leave the server its share. */
const COPY_CONCURRENCY = 8;

export interface BackupReport {
  /** When the database copy was taken (epoch ms): the moment the backup stands for. */
  takenAt: number;
  /** Files whose object was copied. */
  files: number;
  bytes: number;
  /** Ready rows whose object was deleted between the database copy and the object copy. */
  deletedMeanwhile: number;
}

async function isEmptyOrMissing(path: string): Promise<boolean> {
  try {
    return (await readdir(path)).length === 0;
  } catch (error) {
    if (isMissing(error)) return true;
    throw error;
  }
}

function quickCheck(filename: string): string {
  const db = new SQLite(filename, { readonly: true });
  try {
    return String(db.pragma('quick_check', { simple: true }));
  } finally {
    db.close();
  }
}

/** Copies the database in one step (see above); returns when the copy is complete. */
async function copyDatabase(source: string, destination: string): Promise<void> {
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // The first step copies nothing and reports the size; the answer makes the next step all.
    await db.backup(destination, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
}

/** Copies each object, COPY_CONCURRENCY at once; returns the keys that were gone, and bytes. */
async function copyObjects(
  keys: { key: string; size: number }[],
  from: ReturnType<typeof createLocalLayout>,
  to: ReturnType<typeof createLocalLayout>,
): Promise<{ missing: Set<string>; bytes: number }> {
  const missing = new Set<string>();
  let bytes = 0;
  await eachAtMost(keys, COPY_CONCURRENCY, async ({ key, size }) => {
    const target = to.objectPath(key);
    await mkdir(dirname(target), { recursive: true });
    try {
      // A copy-on-write clone where the file system can, a plain copy elsewhere.
      await copyFile(from.objectPath(key), target, constants.COPYFILE_FICLONE);
      bytes += size;
    } catch (error) {
      if (!isMissing(error)) throw error;
      missing.add(key);
    }
  });
  return { missing, bytes };
}

export async function backupDataDir(input: {
  dataDir: string;
  destination: string;
  now?: () => Date;
  /** Called between the database copy and the object copy (tests delete an object there). */
  afterDatabaseCopy?: () => Promise<void>;
}): Promise<BackupReport> {
  const now = input.now ?? (() => new Date());
  if (!(await isEmptyOrMissing(input.destination)))
    throw new Error(`${input.destination} is not empty: a backup goes into a new directory`);
  await mkdir(input.destination, { recursive: true });
  const copy = join(input.destination, DATABASE_FILE);
  const takenAt = now().getTime();
  await copyDatabase(join(input.dataDir, DATABASE_FILE), copy);
  await input.afterDatabaseCopy?.();

  const check = quickCheck(copy);
  if (check !== 'ok') throw new Error(`the database copy is damaged: ${check}`);
  const db = createDatabase({ kind: 'sqlite', filename: copy });
  try {
    // Expired files are left out: the restored server's sweeper deletes their rows. So are
    // removed ones, whose objects are gone: their rows stay, as tombstones, until their expiry.
    const rows = await db
      .selectFrom('files')
      .select(['id', 'object_key as key', 'object_size as size'])
      .where(whereLive(takenAt, { status: 'ready' }))
      .execute();
    const objects = (dir: string) => createLocalLayout(join(dir, 'objects'));
    const { missing, bytes } = await copyObjects(
      rows,
      objects(input.dataDir),
      objects(input.destination),
    );
    // Deleted as deleting the file does it (with its downloads, visits, claims and short links).
    const gone = rows.filter((row) => missing.has(row.key)).map((row) => row.id);
    await createShortLinksRepository({ db }).deleteForFiles(gone);
    await createFilesRepository({ db }).deleteMany(gone);
    return { takenAt, files: rows.length - gone.length, bytes, deletedMeanwhile: gone.length };
  } finally {
    // Closing the last connection folds the write-ahead log in: one self-contained file.
    await db.destroy();
    await rm(`${copy}-shm`, { force: true });
    await rm(`${copy}-wal`, { force: true });
  }
}
