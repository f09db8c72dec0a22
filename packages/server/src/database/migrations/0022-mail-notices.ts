import type { Kysely } from 'kysely';

/**
 * When a notice of each kind was last mailed to an account (e.g. "someone tried to sign up with
 * your address"): one row per (account, kind), claimed by a conditional upsert, so that requests
 * on any number of processes cannot turn such a notice into a way to flood an address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_notices')
    .addColumn('user_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(32)', (col) => col.notNull())
    .addColumn('sent_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('mail_notices_pk', ['user_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_notices').execute();
}
