import type { Kysely } from 'kysely';

/**
 * Links whose upload ended before it finished (the sender cancelled it, or the sweeper dropped it
 * unfinished): their id and until when they answer "did not finish" (410) instead of "not found"
 * to a recipient who opens them afterwards. Nothing else of the upload is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('unfinished_uploads')
    .addColumn('file_id', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('until', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('unfinished_uploads').execute();
}
