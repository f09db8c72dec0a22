import type { Database } from '../../database/schema';
import { whereLive } from '../../shared/file-liveness';
import type { FileRow } from '../files/files.repository';
import { storedBytes } from '../quotas/storage-usage';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the moderation console reads about files and their uploaders (Kysely only). */
export function createAdminFilesRepository({ db }: { db: Database }) {
  return {
    async findMany(ids: readonly string[]): Promise<FileRow[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('files').selectAll().where('id', 'in', ids).execute();
    },

    /** An account's files, tombstones and unswept expired ones included, newest first. */
    async listByOwner(ownerId: string, limit: number): Promise<FileRow[]> {
      return db
        .selectFrom('files')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async findAccountByEmail(email: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'suspended_at', 'email_verified'])
        .where('email', '=', email)
        .executeTakeFirst();
    },

    async findAccount(id: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'suspended_at', 'email_verified'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async findAccounts(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('users')
        .select(['id', 'email', 'suspended_at'])
        .where('id', 'in', ids)
        .execute();
    },

    /** Live files (not removed, not expired) and their stored bytes; uploads of the last 24 h. */
    async overview(now: number) {
      const [live, bytes, recent] = await Promise.all([
        db
          .selectFrom('files')
          .select((eb) => eb.fn.countAll<number>().as('files'))
          .where(whereLive(now))
          .executeTakeFirst(),
        // What STORAGE_MAX_BYTES counts.
        storedBytes(db, now),
        db
          .selectFrom('files')
          .select((eb) => [
            eb.fn.countAll<number>().as('uploads'),
            eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'),
          ])
          .where('created_at', '>', now - DAY_MS)
          .executeTakeFirst(),
      ]);
      return {
        liveFiles: Number(live?.files ?? 0),
        storedBytes: bytes,
        uploads24h: Number(recent?.uploads ?? 0),
        bytes24h: Number(recent?.bytes ?? 0),
      };
    },
  };
}

export type AdminFilesRepository = ReturnType<typeof createAdminFilesRepository>;
