import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('id', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('object_key', 'varchar(512)', (col) => col.notNull().unique())
    .addColumn('original_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('content_type', 'varchar(255)', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('object_size', 'bigint', (col) => col.notNull())
    .addColumn('is_encrypted', 'integer', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('upload_id', 'varchar(1024)')
    .addColumn('owner_id', 'varchar(64)')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('finalized_at', 'bigint')
    .addColumn('sweep_claimed_until', 'bigint')
    .execute();
  await db.schema.createIndex('files_expires_at').on('files').column('expires_at').execute();
  await db.schema
    .createIndex('files_owner_id')
    .on('files')
    .columns(['owner_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('short_links')
    .addColumn('code', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('file_id', 'varchar(32)')
    .addColumn('original_name', 'varchar(255)')
    .addColumn('clicks', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_access_at', 'bigint')
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('short_links_file_id').on('short_links').column('file_id').execute();
  await db.schema
    .createIndex('short_links_expires_at')
    .on('short_links')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('short_links').execute();
  await db.schema.dropTable('files').execute();
}
