/**
 * The sweeper's part for moderation and quotas: closed reports past REPORT_RETENTION_DAYS, and
 * quota entries that left the 24-hour window (the database's store; Redis expires its own).
 * Tombstones of removed files go with the expired files (sweeper.ts), at their original expiry.
 */
import type { Database } from '../../database/schema';
import { deleteOldQuotaUsage } from '../quotas/quotas.store';
import type { ReportsRepository } from './reports.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function sweepModeration(args: {
  db: Database;
  reports: Pick<ReportsRepository, 'deleteClosedBefore'>;
  reportRetentionDays: number;
  now: Date;
}): Promise<{ reports: number; quotaEntries: number }> {
  const now = args.now.getTime();
  const [reports, quotaEntries] = await Promise.all([
    args.reports.deleteClosedBefore(now - args.reportRetentionDays * DAY_MS),
    deleteOldQuotaUsage(args.db, now),
  ]);
  return { reports, quotaEntries };
}
