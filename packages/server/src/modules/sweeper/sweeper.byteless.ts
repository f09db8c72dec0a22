/**
 * Presigns that never send a byte (docs/reliability.md "Presigns without bytes"): a pending upload
 * with no byte seen an hour after its presign is expired, so the sweep that follows deletes its
 * row, sealed metadata and short link like any expired file. Whether bytes arrived is what the
 * server saw (a PUT to the local driver marks its upload as it begins) or else what the store
 * says (the object, or a part through ListParts). An upload that did receive bytes, or whose store
 * cannot tell, is marked and keeps its normal life; nothing is asked about it again.
 */
import type { StorageDriver } from '../storage/storage.types';
import type { PendingUploadsRepository } from '../uploads/pending-uploads.repository';

/** A presign with no byte by this long after it is dropped. */
export const BYTELESS_UPLOAD_MS = 60 * 60 * 1000;
const BATCH = 100;

export async function expireBytelessUploads(args: {
  pending: PendingUploadsRepository;
  storage: Pick<StorageDriver, 'receivedBytes'>;
  now: number;
  onError?: (error: unknown, fileId: string) => void;
}): Promise<{ expired: number; failed: number }> {
  const { pending, now } = args;
  const result = { expired: 0, failed: 0 };
  for (;;) {
    const rows = await pending.findByteless({
      createdBefore: now - BYTELESS_UPLOAD_MS,
      now,
      limit: BATCH,
    });
    let settled = 0;
    for (const row of rows) {
      try {
        const received = await args.storage.receivedBytes({
          key: row.object_key,
          uploadId: row.upload_id,
        });
        if (received === false) {
          if (await pending.expireByteless(row.id, now)) result.expired += 1;
        } else {
          await pending.markBytesSeen(row.id, now);
        }
        settled += 1;
      } catch (error) {
        result.failed += 1;
        args.onError?.(error, row.id);
      }
    }
    // A row that failed is found again: the next pass retries it rather than this one looping.
    if (rows.length < BATCH || settled < rows.length) return result;
  }
}
