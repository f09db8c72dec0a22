import type { Kysely } from 'kysely';

/**
 * Settings every server process on one database shares: the secret a process
 * generated when started without SECRET, or the fingerprint of SECRET when one was set, so that a
 * second process finds the first one's secret, or refuses to start with a different one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_settings')
    .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_settings').execute();
}
