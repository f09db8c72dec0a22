/**
 * Where quota usage is counted. Without REDIS_URL: the database (`upload_quota_usage`), which every
 * process on it shares. Checking and counting are two statements there, so uploads presigned at
 * the very same moment may pass a limit by the few that were in flight. With REDIS_URL: Redis
 * (quotas.redis.ts), where one script checks and counts at once.
 */
import type { Database } from '../../database/schema';
import {
  decideQuota,
  QUOTA_WINDOW_MS,
  type QuotaDecision,
  type QuotaLimits,
} from './quotas.models';

export interface QuotaCheck {
  subject: string;
  /** The upload's id: what an abort gives back. */
  fileId: string;
  bytes: number;
  limits: QuotaLimits;
  now: number;
}

export interface QuotaStore {
  kind: 'database' | 'redis';
  /** Counts the upload when the quota admits it; a refusal counts nothing. */
  admit: (check: QuotaCheck) => Promise<QuotaDecision>;
  /** Gives an upload back (the uploader aborted it). */
  release: (input: { subject: string; fileId: string }) => Promise<void>;
  close: () => Promise<void>;
}

export function createDatabaseQuotaStore({ db }: { db: Database }): QuotaStore {
  return {
    kind: 'database',
    async admit(check) {
      const entries = await db
        .selectFrom('upload_quota_usage')
        .select(['at', 'bytes'])
        .where('subject', '=', check.subject)
        .where('at', '>', check.now - QUOTA_WINDOW_MS)
        .execute();
      const decision = decideQuota({ entries, bytes: check.bytes, limits: check.limits });
      if (decision.admitted) {
        await db
          .insertInto('upload_quota_usage')
          .values({
            file_id: check.fileId,
            subject: check.subject,
            bytes: check.bytes,
            at: check.now,
          })
          .execute();
      }
      return decision;
    },
    async release({ fileId }) {
      await db.deleteFrom('upload_quota_usage').where('file_id', '=', fileId).execute();
    },
    close: async () => {},
  };
}

/** Entries that left the window (the sweeper's part); Redis expires its own. */
export async function deleteOldQuotaUsage(db: Database, now: number): Promise<number> {
  const result = await db
    .deleteFrom('upload_quota_usage')
    .where('at', '<=', now - QUOTA_WINDOW_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
