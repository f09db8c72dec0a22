import type { Selectable } from 'kysely';
import type { Database, FilesTable } from '../../database/schema';
import { whereExpired, whereLive } from '../../shared/file-liveness';

export type FileRow = Selectable<FilesTable>;

/**
 * How long a link whose upload ended unfinished (cancelled, or swept) still says so to whoever
 * opens it, counted from its end; after that it is an unknown link like any other.
 */
export const UNFINISHED_LINK_MS = 7 * 24 * 60 * 60 * 1000;

export function createFilesRepository({ db }: { db: Database }) {
  /**
   * Rows, with their download records, counted visits and reward claims, one statement a table;
   * see `delete` for the reports of them still open.
   */
  const deleteMany = async (ids: string[]): Promise<number> => {
    if (ids.length === 0) return 0;
    const result = await db.deleteFrom('files').where('id', 'in', ids).executeTakeFirst();
    await db.deleteFrom('file_downloads').where('file_id', 'in', ids).execute();
    await db.deleteFrom('download_visits').where('file_id', 'in', ids).execute();
    await db.deleteFrom('reward_claims').where('file_id', 'in', ids).execute();
    await db
      .updateTable('reports')
      .set({ status: 'expired', key_box: null, closed_at: Date.now() })
      .where('file_id', 'in', ids)
      .where('status', '=', 'open')
      .execute();
    return Number(result.numDeletedRows);
  };

  return {
    async insert(row: FileRow): Promise<void> {
      await db.insertInto('files').values(row).execute();
    },

    async findById(id: string): Promise<FileRow | undefined> {
      return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findByObjectKey(objectKey: string): Promise<FileRow | undefined> {
      return db
        .selectFrom('files')
        .selectAll()
        .where('object_key', '=', objectKey)
        .executeTakeFirst();
    },

    /**
     * A file anyone may read: finalized, not removed and not yet expired, whatever the sweeper
     * has done.
     */
    async findReadable(id: string, now: number): Promise<FileRow | undefined> {
      return db
        .selectFrom('files')
        .selectAll()
        .where('id', '=', id)
        .where(whereLive(now, { status: 'ready' }))
        .executeTakeFirst();
    },

    /**
     * Makes the row a tombstone (moderation.removal.ts): its upload is forgotten, its expiry kept,
     * so the sweeper deletes it then. False when it was already removed.
     */
    async markRemoved(input: {
      id: string;
      reason: NonNullable<FileRow['removed_reason']>;
      now: number;
    }): Promise<boolean> {
      const result = await db
        .updateTable('files')
        .set({ removed_at: input.now, removed_reason: input.reason, upload_id: null })
        .where('id', '=', input.id)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A user's live files, removed ones included (My files says why), newest first. */
    async listByOwner(input: { ownerId: string; now: number; offset: number; limit: number }) {
      return db
        .selectFrom('files')
        .selectAll()
        .where('owner_id', '=', input.ownerId)
        .where(whereLive(input.now, { removed: true }))
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .offset(input.offset)
        .limit(input.limit)
        .execute();
    },

    async countByOwner(ownerId: string, now: number): Promise<number> {
      const row = await db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('owner_id', '=', ownerId)
        .where(whereLive(now, { removed: true }))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** Marks a pending upload ready; false when another request finalized it first. */
    async markReady(id: string, finalizedAt: number): Promise<boolean> {
      const result = await db
        .updateTable('files')
        .set({ status: 'ready', finalized_at: finalizedAt, upload_id: null })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Brings a file's expiry forward to `at` (never later): the sweeper does the rest. */
    async expireBy(id: string, at: number): Promise<void> {
      await db
        .updateTable('files')
        .set({ expires_at: at })
        .where('id', '=', id)
        .where('expires_at', '>', at)
        .execute();
    },

    /**
     * The row, and the download records, counted visits and reward claims that name it. Reports of it still open
     * close as `expired`, with the keys they carried: there is nothing left for them to open.
     * (Their `closed_at` only starts the reports' retention, counted in days: the wall clock does.)
     */
    async delete(id: string): Promise<boolean> {
      return (await deleteMany([id])) === 1;
    },

    deleteMany,

    /** The uploads `ids` ended unfinished at `now`: their links say so for UNFINISHED_LINK_MS. */
    async rememberUnfinished(ids: string[], now: number): Promise<void> {
      if (ids.length === 0) return;
      const until = now + UNFINISHED_LINK_MS;
      await db
        .insertInto('unfinished_uploads')
        .values(ids.map((id) => ({ file_id: id, until })))
        .onConflict((conflict) => conflict.column('file_id').doUpdateSet({ until }))
        .execute();
    },

    /** Whether `id` names an upload that ended unfinished, and its link still says so. */
    async isUnfinished(id: string, now: number): Promise<boolean> {
      const row = await db
        .selectFrom('unfinished_uploads')
        .select('file_id')
        .where('file_id', '=', id)
        .where('until', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Forgets the unfinished uploads whose time to say so is over. */
    async forgetUnfinished(now: number): Promise<void> {
      await db.deleteFrom('unfinished_uploads').where('until', '<=', now).execute();
    },

    /** Expired files, and uploads left pending past `staleBefore`, not claimed by another sweeper. */
    async findSweepable(input: { now: number; staleBefore: number; limit: number }) {
      return db
        .selectFrom('files')
        .select(['id', 'object_key', 'upload_id', 'status', 'removed_at'])
        .where((eb) =>
          eb.or([
            whereExpired(input.now),
            eb.and([eb('status', '=', 'pending'), eb('created_at', '<', input.staleBefore)]),
          ]),
        )
        .where((eb) =>
          eb.or([eb('sweep_claimed_until', 'is', null), eb('sweep_claimed_until', '<', input.now)]),
        )
        .orderBy('expires_at')
        .limit(input.limit)
        .execute();
    },

    /**
     * Atomically claims the rows no other sweeper holds, in one statement; returns the ids this
     * sweeper got (concurrent sweepers get disjoint sets).
     */
    async claimForSweep(input: { ids: string[]; now: number; until: number }): Promise<string[]> {
      if (input.ids.length === 0) return [];
      const rows = await db
        .updateTable('files')
        .set({ sweep_claimed_until: input.until })
        .where('id', 'in', input.ids)
        .where((eb) =>
          eb.or([eb('sweep_claimed_until', 'is', null), eb('sweep_claimed_until', '<', input.now)]),
        )
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
