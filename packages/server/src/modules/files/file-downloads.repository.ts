import { randomUUID } from 'node:crypto';
import type { Database } from '../../database/schema';

/**
 * Every download URL the server signed, and for whom (address hash, account). A download reward
 * needs one: a reward is paid for a download that happened, not for a request that says so.
 */
export function createFileDownloadsRepository({ db }: { db: Database }) {
  return {
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

    /** Whether this browser (its visitor cookie) was given a download URL of the file since `since`. */
    async grantedSince(input: { fileId: string; visitorHash: string; since: number }) {
      const row = await db
        .selectFrom('file_downloads')
        .select('id')
        .where('file_id', '=', input.fileId)
        .where('visitor_hash', '=', input.visitorHash)
        .where('created_at', '>', input.since)
        .executeTakeFirst();
      return row !== undefined;
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
