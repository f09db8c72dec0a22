import type { Kysely } from 'kysely';

/**
 * A reserved short code is completed only by its reserver: /tiny/instant
 * hands out a secret, and the row keeps its sha256. Older reservations have none and cannot be
 * completed; they expire within a day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('short_links')
    .addColumn('complete_token_hash', 'varchar(64)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('short_links').dropColumn('complete_token_hash').execute();
}
