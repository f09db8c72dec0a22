import type { Selectable } from 'kysely';
import type { Database, ModerationAuditTable } from '../../database/schema';

export type AuditRow = Selectable<ModerationAuditTable>;

/**
 * The moderation audit log: append and read, nothing else. No query here updates or deletes a
 * row, and no route does either (docs/moderation.md: kept for as long as the database is).
 */
export function createAuditRepository({ db }: { db: Database }) {
  return {
    async append(row: AuditRow): Promise<void> {
      await db.insertInto('moderation_audit').values(row).execute();
    },

    /** Newest first; `before` is the id of the last entry of the previous page. */
    async list(input: { limit: number; before?: string }): Promise<AuditRow[]> {
      let query = db.selectFrom('moderation_audit').selectAll();
      if (input.before) {
        const cursor = await db
          .selectFrom('moderation_audit')
          .select(['at', 'id'])
          .where('id', '=', input.before)
          .executeTakeFirst();
        if (!cursor) return [];
        query = query.where((eb) =>
          eb.or([
            eb('at', '<', cursor.at),
            eb.and([eb('at', '=', cursor.at), eb('id', '<', cursor.id)]),
          ]),
        );
      }
      return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(input.limit).execute();
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
