import { type Kysely, sql } from 'kysely';

/**
 * Refresh rotation with reuse detection: each session row knows its family (the sign-in it
 * descends from) and, once rotated, the session that replaced it. A rotated token refreshed again
 * after the grace window ends the whole family. Existing sessions start families of their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('family_id', 'varchar(36)').execute();
  await db.schema.alterTable('sessions').addColumn('replaced_by', 'varchar(36)').execute();
  await sql`update sessions set family_id = id`.execute(db);
  await db.schema.createIndex('sessions_family_id').on('sessions').column('family_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_family_id').execute();
  await db.schema.alterTable('sessions').dropColumn('replaced_by').execute();
  await db.schema.alterTable('sessions').dropColumn('family_id').execute();
}
