import type { Kysely } from 'kysely';

/**
 * Encrypted uploads keep their names to themselves: `files.encrypted_metadata`
 * holds the sealed metadata record the browser made (names, sizes, types, paths), opaque to the
 * server. Such rows store an empty `original_name` (the column stays NOT NULL, which SQLite cannot
 * relax in place); older encrypted rows keep the name they were given and no metadata.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('encrypted_metadata', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('encrypted_metadata').execute();
}
