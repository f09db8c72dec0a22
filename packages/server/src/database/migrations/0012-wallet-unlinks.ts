import type { Kysely } from 'kysely';

/**
 * One wallet backs one account at a time, and a wallet unlinked from an account cannot back
 * another for 30 days, the premium period: every unlink is recorded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallet_unlinks')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('wallet_address', 'varchar(64)', (col) => col.notNull())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('unlinked_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('wallet_unlinks_wallet')
    .on('wallet_unlinks')
    .columns(['wallet_address', 'unlinked_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wallet_unlinks').execute();
}
