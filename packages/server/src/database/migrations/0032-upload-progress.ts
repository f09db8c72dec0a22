import type { Kysely } from 'kysely';

/**
 * What a waiting recipient is told of a running upload (docs/uploads.md, "Progress and pauses"):
 * `files.progress_bytes` is the highest count of bytes the sender reported sending, and
 * `files.progress_at` when the server last saw the upload move (a report that grew, a part URL
 * signed, a write to the local store). No progress for the stall time = paused. Null on rows
 * from before: they count from their presign.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('progress_bytes', 'bigint').execute();
  await db.schema.alterTable('files').addColumn('progress_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('progress_at').execute();
  await db.schema.alterTable('files').dropColumn('progress_bytes').execute();
}
