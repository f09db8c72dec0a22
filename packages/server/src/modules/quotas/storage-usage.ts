/**
 * The instance's stored bytes as STORAGE_MAX_BYTES counts them: objects of files neither removed
 * nor expired, pending uploads included (their room is promised). Summing every row on each
 * presign would cost more as the instance fills, so each process reads the sum at most every
 * REFRESH_MS and adds what it presigned since; other processes' uploads of the last seconds are
 * seen at the next read.
 */
import type { Database } from '../../database/schema';
import { whereLive } from '../../shared/file-liveness';

const REFRESH_MS = 10_000;

export interface StorageUsage {
  used: (now: number) => Promise<number>;
  /** What this process just presigned, counted until the next read. */
  add: (bytes: number) => void;
}

export async function storedBytes(db: Database, now: number): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('object_size'), eb.lit(0)).as('bytes'))
    .where(whereLive(now))
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

export function createStorageUsage({ db }: { db: Database }): StorageUsage {
  let read: { at: number; bytes: number } | null = null;
  let added = 0;
  return {
    async used(now) {
      if (!read || now - read.at >= REFRESH_MS || now < read.at) {
        read = { at: now, bytes: await storedBytes(db, now) };
        added = 0;
      }
      return read.bytes + added;
    },
    add(bytes) {
      added += bytes;
    },
  };
}
