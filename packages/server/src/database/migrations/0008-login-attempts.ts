import type { Kysely } from 'kysely';

/**
 * Login attempts per (account, client) instead of per account: an
 * attempt is recorded before the password is checked, so parallel guesses cannot outrun the count,
 * and a lockout binds the guessing address, not the owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_failures').execute();
  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('ip_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('login_attempts_email_ip_at')
    .on('login_attempts')
    .columns(['email', 'ip_hash', 'at'])
    .execute();
  await db.schema
    .createIndex('login_attempts_email_at')
    .on('login_attempts')
    .columns(['email', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_attempts').execute();
  await db.schema
    .createTable('login_failures')
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('at', 'bigint', (col) => col.notNull())
    .execute();
}
