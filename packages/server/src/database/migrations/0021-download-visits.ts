import type { Kysely } from 'kysely';

/**
 * One row per (file, visitor cookie, address) that was counted a download, with when: the claim
 * a download is counted by. Its primary key turns "counted within the retry window?" and "count
 * it" into one atomic upsert, so parallel requests of one visitor cannot each be counted, and a
 * retry is free only from the cookie AND the address that were counted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('download_visits')
    .addColumn('file_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('visitor_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('address_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('counted_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('download_visits_pk', ['file_id', 'visitor_hash', 'address_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('download_visits').execute();
}
