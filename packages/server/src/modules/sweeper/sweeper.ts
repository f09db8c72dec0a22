/**
 * Deletes expired files (object, then rows) and abandoned uploads, presigns that never sent a
 * byte included (sweeper.byteless.ts). Safe to run in every process at once: a row is claimed
 * atomically before anything is deleted, so each file is swept by one.
 */
import { eachAtMost } from '../../shared/each-at-most';
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
/**
 * Rows read, claimed and deleted together: memory stays flat however large the backlog, and a
 * batch costs one statement a table instead of one a file (a million files: docs/performance.md).
 */
export const SWEEP_BATCH = 100;
/** Objects deleted at once: a store answers in parallel (S3 round trips are what take time). */
const OBJECT_DELETES_AT_ONCE = 8;

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
      limit: SWEEP_BATCH,
    });
    if (rows.length === 0) break;
    const claimed = new Set(
      await args.files.claimForSweep({
        ids: rows.map((row) => row.id),
        now,
        until: now + CLAIM_MS,
      }),
    );
    // Object first, rows after: a row is never gone while its object stays.
    const objectsGone: string[] = [];
    await eachAtMost(
      rows.filter((row) => claimed.has(row.id)),
      OBJECT_DELETES_AT_ONCE,
      async (row) => {
        try {
          if (row.upload_id)
            await args.storage.abortMultipart({ key: row.object_key, uploadId: row.upload_id });
          await args.storage.delete(row.object_key);
          objectsGone.push(row.id);
        } catch (error) {
          // Left claimed: no sweeper retries it before the claim runs out.
          result.failed += 1;
          args.onError?.(error, row.id);
        }
      },
    );
    await args.shortLinks.deleteForFiles(objectsGone);
    result.files += await args.files.deleteMany(objectsGone);
    // An upload swept before it finished says so for a while, not "not found"; a removed one's
    // link has said why until now (moderation), and is forgotten like any expired file.
    const gone = new Set(objectsGone);
    const unfinished = rows.filter(
      (row) => gone.has(row.id) && row.status === 'pending' && row.removed_at === null,
    );
    await args.files.rememberUnfinished(
      unfinished.map((row) => row.id),
      now,
    );
    if (rows.length < SWEEP_BATCH) break;
  }
  result.reservations = await args.shortLinks.deleteExpiredReservations(now);
  await args.files.forgetUnfinished(now);
  await args.oidcStates?.deleteExpired(now);
  return result;
}
