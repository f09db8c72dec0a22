import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('email', 'varchar(254)', (col) => col.notNull().unique())
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('tier', 'varchar(32)', (col) => col.notNull().defaultTo('free'))
    .addColumn('solana_wallet', 'varchar(64)', (col) => col.unique())
    .addColumn('oidc_subject', 'varchar(255)', (col) => col.unique())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('reason', 'varchar(64)', (col) => col.notNull())
    // One credit per real event: (reason, reference) is unique, so a replay cannot credit twice.
    .addColumn('reference', 'varchar(255)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('ledger_entries_reason_reference', ['reason', 'reference'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_user_id')
    .on('ledger_entries')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_email_at')
    .on('login_failures')
    .columns(['email', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['login_failures', 'ledger_entries', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
