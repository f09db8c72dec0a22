import type { Kysely } from 'kysely';

/**
 * Rewards for real events only:
 * - `files.uploader_ip_hash`: the uploader's address (hashed), so a download from it earns nothing;
 * - `file_downloads`: every download URL the server signed, by whom; a download reward needs one
 *   (and the sender's download limits count them);
 * - `reward_claims`: one row per (file, visitor) key, by account and by address, so a fresh
 *   account on the same address is the same visitor; the primary key makes claims atomic.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('uploader_ip_hash', 'varchar(64)').execute();
  await db.schema
    .createTable('file_downloads')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('file_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('ip_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('user_id', 'varchar(36)')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('file_downloads_file_ip')
    .on('file_downloads')
    .columns(['file_id', 'ip_hash'])
    .execute();
  await db.schema
    .createTable('reward_claims')
    .addColumn('claim', 'varchar(200)', (col) => col.primaryKey())
    .addColumn('file_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reward_claims').execute();
  await db.schema.dropTable('file_downloads').execute();
  await db.schema.alterTable('files').dropColumn('uploader_ip_hash').execute();
}
