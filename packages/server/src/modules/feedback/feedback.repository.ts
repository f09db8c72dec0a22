import type { Selectable } from 'kysely';
import type { Database, FeedbackTable } from '../../database/schema';

export type FeedbackRow = Selectable<FeedbackTable>;
export type FeedbackChanges = Pick<FeedbackRow, 'type' | 'message' | 'email' | 'updated_at'>;

export function createFeedbackRepository({ db }: { db: Database }) {
  return {
    async insert(row: FeedbackRow): Promise<void> {
      await db.insertInto('feedback').values(row).execute();
    },

    async findById(id: string): Promise<FeedbackRow | undefined> {
      return db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** A user's feedback, newest first; the id breaks ties so the order is stable. */
    async listByUser(userId: string, limit: number): Promise<FeedbackRow[]> {
      return db
        .selectFrom('feedback')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async update(id: string, changes: FeedbackChanges): Promise<void> {
      await db.updateTable('feedback').set(changes).where('id', '=', id).execute();
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('feedback').where('id', '=', id).execute();
    },

    async countByType(): Promise<{ type: FeedbackRow['type']; count: number }[]> {
      const rows = await db
        .selectFrom('feedback')
        .select((eb) => ['type', eb.fn.countAll<number>().as('count')])
        .groupBy('type')
        .execute();
      return rows.map((row) => ({ type: row.type, count: Number(row.count) }));
    },

    async countSince(since: number): Promise<number> {
      const row = await db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('created_at', '>=', since)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
  };
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
