import type { Selectable } from 'kysely';
import type { Database, ShortLinksTable } from '../../database/schema';

export type ShortLinkRow = Selectable<ShortLinksTable>;

export function createShortLinksRepository({ db }: { db: Database }) {
  const deleteForFiles = async (fileIds: string[]): Promise<void> => {
    if (fileIds.length === 0) return;
    await db.deleteFrom('short_links').where('file_id', 'in', fileIds).execute();
  };

  return {
    async insert(row: ShortLinkRow): Promise<void> {
      await db.insertInto('short_links').values(row).execute();
    },

    async find(code: string): Promise<ShortLinkRow | undefined> {
      return db.selectFrom('short_links').selectAll().where('code', '=', code).executeTakeFirst();
    },

    /** Points a reserved code at a file; false when the code already points elsewhere. */
    async link(input: { code: string; fileId: string; expiresAt: number }): Promise<boolean> {
      const result = await db
        .updateTable('short_links')
        .set({ file_id: input.fileId, expires_at: input.expiresAt })
        .where('code', '=', input.code)
        .where((eb) => eb.or([eb('file_id', 'is', null), eb('file_id', '=', input.fileId)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Drops the name a reservation was given: the code now serves an encrypted upload. */
    async forgetName(code: string): Promise<void> {
      await db
        .updateTable('short_links')
        .set({ original_name: null })
        .where('code', '=', code)
        .execute();
    },

    async recordClick(code: string, now: number): Promise<void> {
      await db
        .updateTable('short_links')
        .set((eb) => ({ clicks: eb('clicks', '+', 1), last_access_at: now }))
        .where('code', '=', code)
        .execute();
    },

    async deleteForFile(fileId: string): Promise<void> {
      await deleteForFiles([fileId]);
    },

    deleteForFiles,

    async deleteExpiredReservations(now: number): Promise<number> {
      const result = await db
        .deleteFrom('short_links')
        .where('file_id', 'is', null)
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type ShortLinksRepository = ReturnType<typeof createShortLinksRepository>;
