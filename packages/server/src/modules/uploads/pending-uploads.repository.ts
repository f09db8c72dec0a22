import type { Database } from '../../database/schema';
import { whereLive } from '../../shared/file-liveness';

/**
 * What the server knows of pending uploads receiving bytes (`files.bytes_seen_at`): the local
 * driver's PUTs mark it as they begin, the sweeper marks what the store says, and presigns that
 * never sent a byte are expired so the sweeper deletes them with their metadata.
 */
export function createPendingUploadsRepository({ db }: { db: Database }) {
  return {
    /**
     * A write to `objectKey` may begin when its upload is pending, unexpired and not removed; it is then
     * known to receive bytes. One statement, so the sweeper cannot expire it in between.
     */
    async admitWrite(objectKey: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('files')
        .set((eb) => ({
          bytes_seen_at: eb.fn.coalesce('bytes_seen_at', eb.val(now)),
          // A write beginning is the upload moving (a waiting recipient is not told it paused).
          progress_at: now,
        }))
        .where('object_key', '=', objectKey)
        // A removed upload takes no more bytes (modules/moderation).
        .where(whereLive(now, { status: 'pending' }))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * The sender reports `sentBytes`: kept when more than known before (nothing sent yet counts
     * as 0), which is also the upload moving. The upload is known to be pending (the caller checked).
     */
    async recordProgress(id: string, sentBytes: number, now: number): Promise<void> {
      await db
        .updateTable('files')
        .set({ progress_bytes: sentBytes, progress_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where((eb) => eb(eb.fn.coalesce('progress_bytes', eb.val(0)), '<', sentBytes))
        .execute();
    },

    /** The upload moved without saying how far (part URLs signed). */
    async markMoving(id: string, now: number): Promise<void> {
      await db
        .updateTable('files')
        .set({ progress_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    /** Live pending uploads (a removed one keeps its tombstone's expiry) presigned before `createdBefore` with no byte seen yet, oldest first. */
    async findByteless(input: { createdBefore: number; now: number; limit: number }) {
      return db
        .selectFrom('files')
        .select(['id', 'object_key', 'upload_id'])
        .where('bytes_seen_at', 'is', null)
        .where('created_at', '<', input.createdBefore)
        .where(whereLive(input.now, { status: 'pending' }))
        .orderBy('created_at')
        .limit(input.limit)
        .execute();
    },

    async markBytesSeen(id: string, now: number): Promise<void> {
      await db
        .updateTable('files')
        .set({ bytes_seen_at: now })
        .where('id', '=', id)
        .where('bytes_seen_at', 'is', null)
        .execute();
    },

    /** Expires the upload now unless bytes were seen meanwhile; true when it did. */
    async expireByteless(id: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('files')
        .set({ expires_at: now })
        .where('id', '=', id)
        .where('bytes_seen_at', 'is', null)
        .where(whereLive(now, { status: 'pending' }))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type PendingUploadsRepository = ReturnType<typeof createPendingUploadsRepository>;
