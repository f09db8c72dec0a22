import type { Kysely } from 'kysely';

/**
 * Single-use links sent by mail: email verification and password reset. Only the
 * sha256 of each token is stored, so a copy of the database opens no account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_tokens')
    .addColumn('token_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'varchar(16)', (col) => col.notNull())
    // The address the link was sent to: for an email change, the new one, applied on verification.
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('email_tokens_user_purpose')
    .on('email_tokens')
    .columns(['user_id', 'purpose'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_tokens').execute();
}
