import type { Kysely } from 'kysely';

/** One-time Sign-In-With-Solana requests; a row is deleted when it is used, so it cannot be replayed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallet_nonces')
    .addColumn('nonce', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('wallet_address', 'varchar(64)', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('wallet_nonces_user_id')
    .on('wallet_nonces')
    .columns(['user_id', 'expires_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wallet_nonces').execute();
}
