import type { Kysely } from 'kysely';

/**
 * Download limits chosen by the sender:
 * - `files.download_limit` (null = unlimited) and `files.download_count`, counted atomically when
 *   the server signs a download URL;
 * - `file_downloads.visitor_hash`: the hashed visitor cookie of each grant, so that a retry of the
 *   same browser within the retry window does not count again (an address is not a visitor: two
 *   browsers behind one address are two downloads).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('download_limit', 'integer').execute();
  await db.schema
    .alterTable('files')
    .addColumn('download_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('file_downloads').addColumn('visitor_hash', 'varchar(64)').execute();
  await db.schema
    .createIndex('file_downloads_file_visitor')
    .on('file_downloads')
    .columns(['file_id', 'visitor_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('file_downloads_file_visitor').execute();
  await db.schema.alterTable('file_downloads').dropColumn('visitor_hash').execute();
  await db.schema.alterTable('files').dropColumn('download_count').execute();
  await db.schema.alterTable('files').dropColumn('download_limit').execute();
}
