import type { Kysely } from 'kysely';

/**
 * A presign that never sends a byte is swept after an hour, its sealed metadata with it
 * (modules/sweeper/sweeper.byteless.ts): `files.bytes_seen_at` says when the server first knew
 * bytes of a pending upload had arrived (a PUT to the local driver, or the store's answer to the
 * sweeper), so an upload that did receive some keeps its normal life without being asked again.
 * Pending rows from before start unknown: the sweeper asks the store about each once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('bytes_seen_at', 'bigint').execute();
  await db.schema
    .createIndex('files_status_bytes_seen_created')
    .on('files')
    .columns(['status', 'bytes_seen_at', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('files_status_bytes_seen_created').execute();
  await db.schema.alterTable('files').dropColumn('bytes_seen_at').execute();
}
