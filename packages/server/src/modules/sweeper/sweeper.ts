/**
 * Deletes expired files (object, then rows) and abandoned uploads, presigns that never sent a
 * byte included (sweeper.byteless.ts). Safe to run in every process at once: a row is claimed
 * atomically before anything is deleted, so each file is swept by one.
 */
import type { FilesRepository } from '../files/files.repository';
import type { OidcStatesRepository } from '../oidc/oidc.repository';
import type { ShortLinksRepository } from '../short-links/short-links.repository';
import type { StorageDriver } from '../storage/storage.types';
import type { PendingUploadsRepository } from '../uploads/pending-uploads.repository';
import { expireBytelessUploads } from './sweeper.byteless';

/** Uploads still pending this long after presign are abandoned. */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;
/** A claim outlives a crashed sweeper by this much, after which another may retry the row. */
const CLAIM_MS = 5 * 60 * 1000;
const BATCH = 100;

export interface SweepResult {
  files: number;
  reservations: number;
  failed: number;
}

export async function sweepExpired(args: {
  files: FilesRepository;
  shortLinks: ShortLinksRepository;
  storage: StorageDriver;
  /** Unfinished external sign-ins are dropped too when given. */
  oidcStates?: Pick<OidcStatesRepository, 'deleteExpired'>;
  /** Presigns without a byte an hour on are expired first when given, then swept below. */
  pendingUploads?: PendingUploadsRepository;
  now?: Date;
  onError?: (error: unknown, fileId: string) => void;
}): Promise<SweepResult> {
  const now = (args.now ?? new Date()).getTime();
  const result: SweepResult = { files: 0, reservations: 0, failed: 0 };
  if (args.pendingUploads) {
    const { pendingUploads: pending, storage, onError } = args;
    result.failed += (await expireBytelessUploads({ pending, storage, now, onError })).failed;
  }
  for (;;) {
    const rows = await args.files.findSweepable({
      now,
      staleBefore: now - STALE_UPLOAD_MS,
      limit: BATCH,
    });
    if (rows.length === 0) break;
    for (const row of rows) {
      if (!(await args.files.claimForSweep({ id: row.id, now, until: now + CLAIM_MS }))) continue;
      try {
        if (row.upload_id)
          await args.storage.abortMultipart({ key: row.object_key, uploadId: row.upload_id });
        await args.storage.delete(row.object_key);
        await args.shortLinks.deleteForFile(row.id);
        if (await args.files.delete(row.id)) result.files += 1;
      } catch (error) {
        result.failed += 1;
        args.onError?.(error, row.id);
      }
    }
    if (rows.length < BATCH) break;
  }
  result.reservations = await args.shortLinks.deleteExpiredReservations(now);
  await args.oidcStates?.deleteExpired(now);
  return result;
}
