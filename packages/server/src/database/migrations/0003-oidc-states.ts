import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oidc_states')
    .addColumn('state', 'varchar(128)', (col) => col.primaryKey())
    .addColumn('code_verifier', 'varchar(128)', (col) => col.notNull())
    .addColumn('nonce', 'varchar(128)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_states').execute();
}
