import { type Selectable, sql } from 'kysely';
import type { Database, ReportsTable } from '../../database/schema';

export type ReportRow = Selectable<ReportsTable>;
export type ReportStatus = ReportRow['status'];

const OPEN_COUNT = sql<number>`sum(case when status = 'open' then 1 else 0 end)`;

export function createReportsRepository({ db }: { db: Database }) {
  return {
    async insert(row: ReportRow): Promise<void> {
      await db.insertInto('reports').values(row).execute();
    },

    /** Files with open reports, the one reported longest ago first. */
    async openFileIds(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('reports')
        .select((eb) => ['file_id', eb.fn.min('created_at').as('first')])
        .where('status', '=', 'open')
        .groupBy('file_id')
        .orderBy('first')
        .orderBy('file_id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.file_id);
    },

    /** Files whose every report is closed, the one reported last first. */
    async closedFileIds(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('reports')
        .select((eb) => ['file_id', eb.fn.max('created_at').as('last')])
        .groupBy('file_id')
        .having(OPEN_COUNT, '=', 0)
        .orderBy('last', 'desc')
        .orderBy('file_id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.file_id);
    },

    /** Every report of these files, oldest first. */
    async listForFiles(fileIds: readonly string[]): Promise<ReportRow[]> {
      if (fileIds.length === 0) return [];
      return db
        .selectFrom('reports')
        .selectAll()
        .where('file_id', 'in', fileIds)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    async countsForFiles(fileIds: readonly string[]) {
      if (fileIds.length === 0) return new Map<string, { open: number; total: number }>();
      const rows = await db
        .selectFrom('reports')
        .select((eb) => ['file_id', OPEN_COUNT.as('open'), eb.fn.countAll<number>().as('total')])
        .where('file_id', 'in', fileIds)
        .groupBy('file_id')
        .execute();
      return new Map(
        rows.map((row) => [row.file_id, { open: Number(row.open), total: Number(row.total) }]),
      );
    },

    async countOpen(): Promise<{ reports: number; files: number }> {
      const row = await db
        .selectFrom('reports')
        .select((eb) => [
          eb.fn.countAll<number>().as('reports'),
          eb.fn.count<number>('file_id').distinct().as('files'),
        ])
        .where('status', '=', 'open')
        .executeTakeFirst();
      return { reports: Number(row?.reports ?? 0), files: Number(row?.files ?? 0) };
    },

    /** Closes a file's open reports and deletes the keys they carried; answers how many. */
    async closeOpen(input: {
      fileId: string;
      status: Exclude<ReportStatus, 'open'>;
      closedBy: string | null;
      now: number;
    }): Promise<number> {
      const result = await db
        .updateTable('reports')
        .set({
          status: input.status,
          key_box: null,
          closed_at: input.now,
          closed_by: input.closedBy,
        })
        .where('file_id', '=', input.fileId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Closed reports past their retention (REPORT_RETENTION_DAYS). */
    async deleteClosedBefore(before: number): Promise<number> {
      const result = await db
        .deleteFrom('reports')
        .where('status', '!=', 'open')
        .where('closed_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
