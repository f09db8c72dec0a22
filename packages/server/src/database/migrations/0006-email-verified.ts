import type { Kysely } from 'kysely';

/**
 * An address counts for nothing until its owner proves it: existing accounts start
 * unverified, since none of them ever proved theirs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('email_verified', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_verified').execute();
}
