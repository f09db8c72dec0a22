import { randomUUID } from 'node:crypto';
import type { Database } from '../../database/schema';
import { isSpent, whereLive } from '../../shared/file-liveness';

/** Who asks for a download: the signed visitor cookie (hashed) and the client's address (hashed). */
export interface VisitorKey {
  fileId: string;
  visitorHash: string;
  addressHash: string;
}

/** How a download request was counted: a free retry, a new download (maybe the last), or refused. */
export type DownloadCount =
  | { kind: 'retry' }
  | { kind: 'counted'; spent: boolean }
  | { kind: 'refused' };

/**
 * Every download URL the server signed, and for whom (address hash, account). A download reward
 * needs one: a reward is paid for a download that happened, not for a request that says so.
 */
export function createFileDownloadsRepository({ db }: { db: Database }) {
  return {
    /**
     * Counts one download of a ready, live file for a visitor, unless that visitor (cookie and
     * address) was counted since `retrySince`. One transaction: the visit claim is an upsert on
     * its primary key that succeeds only for a visitor not counted within the window, and the
     * count is a conditional update that refuses past the limit; a refusal rolls the claim back.
     * Parallel requests of one visitor wait on the claim's row and then see it: one is counted.
     */
    async countOnce(
      input: VisitorKey & { now: number; retrySince: number },
    ): Promise<DownloadCount> {
      const refused = new Error('download limit reached');
      try {
        return await db.transaction().execute(async (trx): Promise<DownloadCount> => {
          const claimed = await trx
            .insertInto('download_visits')
            .values({
              file_id: input.fileId,
              visitor_hash: input.visitorHash,
              address_hash: input.addressHash,
              counted_at: input.now,
            })
            .onConflict((conflict) =>
              conflict
                .columns(['file_id', 'visitor_hash', 'address_hash'])
                .doUpdateSet({ counted_at: input.now })
                .where('download_visits.counted_at', '<=', input.retrySince),
            )
            .returning('counted_at')
            .executeTakeFirst();
          if (!claimed) return { kind: 'retry' };
          const row = await trx
            .updateTable('files')
            .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
            .where('id', '=', input.fileId)
            .where(whereLive(input.now, { status: 'ready', unspent: true }))
            .returning(['download_count', 'download_limit'])
            .executeTakeFirst();
          if (!row) throw refused;
          return { kind: 'counted', spent: isSpent(row) };
        });
      } catch (error) {
        if (error === refused) return { kind: 'refused' };
        throw error;
      }
    },

    /** Whether this visitor (cookie and address) was counted a download of the file since `since`. */
    async countedSince(input: VisitorKey & { since: number }): Promise<boolean> {
      const row = await db
        .selectFrom('download_visits')
        .select('counted_at')
        .where('file_id', '=', input.fileId)
        .where('visitor_hash', '=', input.visitorHash)
        .where('address_hash', '=', input.addressHash)
        .where('counted_at', '>', input.since)
        .executeTakeFirst();
      return row !== undefined;
    },

    async record(input: {
      fileId: string;
      ipHash: string;
      userId: string | null;
      visitorHash: string | null;
      now: number;
    }): Promise<void> {
      await db
        .insertInto('file_downloads')
        .values({
          id: randomUUID(),
          file_id: input.fileId,
          ip_hash: input.ipHash,
          user_id: input.userId,
          visitor_hash: input.visitorHash,
          created_at: input.now,
        })
        .execute();
    },

    /** Whether this visitor (this address, or this account) was given a download URL of the file. */
    async wasGranted(input: { fileId: string; ipHash: string; userId: string | null }) {
      const row = await db
        .selectFrom('file_downloads')
        .select('id')
        .where('file_id', '=', input.fileId)
        .where((eb) =>
          input.userId
            ? eb.or([eb('ip_hash', '=', input.ipHash), eb('user_id', '=', input.userId)])
            : eb('ip_hash', '=', input.ipHash),
        )
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type FileDownloadsRepository = ReturnType<typeof createFileDownloadsRepository>;
