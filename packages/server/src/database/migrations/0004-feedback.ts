import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feedback')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('type', 'varchar(16)', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('email', 'varchar(254)')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('feedback_user_id')
    .on('feedback')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('feedback_created_at').on('feedback').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feedback').execute();
}
