import type { Kysely } from 'kysely';

/**
 * Running Sealdrop in public (docs/moderation.md):
 * - `files.removed_at`, `files.removed_reason` (`terms` | `malware`): a file taken down keeps its
 *   row as a tombstone until its original expiry, so its link says why it is gone;
 * - `users.suspended_at`: a suspended account can neither sign in nor use a session;
 * - `reports`: what visitors reported, grouped per file; `key_box` is the link key a reporter chose
 *   to include, encrypted under a key derived from SECRET, and emptied when the report closes;
 * - `address_blocks`: an address (keyed hash of an IPv4 address or IPv6 /64) barred from uploading
 *   until `expires_at`;
 * - `moderation_audit`: every moderation action, written once and never changed;
 * - `upload_quota_usage`: what each presign counted against a daily quota (used when REDIS_URL is
 *   unset), swept once it is older than the window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('removed_at', 'bigint').execute();
  await db.schema.alterTable('files').addColumn('removed_reason', 'varchar(16)').execute();
  await db.schema.alterTable('users').addColumn('suspended_at', 'bigint').execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('file_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('reason', 'varchar(16)', (col) => col.notNull())
    .addColumn('details', 'text')
    .addColumn('reporter_email', 'varchar(254)')
    .addColumn('reporter_address_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('key_box', 'text')
    .addColumn('key_included', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('closed_at', 'bigint')
    .addColumn('closed_by', 'varchar(36)')
    .execute();
  await db.schema
    .createIndex('reports_status_created')
    .on('reports')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.createIndex('reports_file').on('reports').columns(['file_id']).execute();

  await db.schema
    .createTable('address_blocks')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('address_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('created_by', 'varchar(36)')
    .addColumn('lifted_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('address_blocks_hash')
    .on('address_blocks')
    .columns(['address_hash', 'expires_at'])
    .execute();

  await db.schema
    .createTable('moderation_audit')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('at', 'bigint', (col) => col.notNull())
    .addColumn('actor_id', 'varchar(36)')
    .addColumn('actor_label', 'varchar(254)', (col) => col.notNull())
    .addColumn('action', 'varchar(32)', (col) => col.notNull())
    .addColumn('file_id', 'varchar(64)')
    .addColumn('account_id', 'varchar(36)')
    .addColumn('address_hash', 'varchar(64)')
    .addColumn('reason', 'varchar(32)')
    .addColumn('note', 'text')
    .addColumn('until', 'bigint')
    .execute();
  await db.schema
    .createIndex('moderation_audit_at')
    .on('moderation_audit')
    .columns(['at', 'id'])
    .execute();

  await db.schema
    .createTable('upload_quota_usage')
    .addColumn('file_id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('subject', 'varchar(80)', (col) => col.notNull())
    .addColumn('bytes', 'bigint', (col) => col.notNull())
    .addColumn('at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('upload_quota_usage_subject')
    .on('upload_quota_usage')
    .columns(['subject', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload_quota_usage').execute();
  await db.schema.dropTable('moderation_audit').execute();
  await db.schema.dropTable('address_blocks').execute();
  await db.schema.dropTable('reports').execute();
  await db.schema.alterTable('users').dropColumn('suspended_at').execute();
  await db.schema.alterTable('files').dropColumn('removed_reason').execute();
  await db.schema.alterTable('files').dropColumn('removed_at').execute();
}
