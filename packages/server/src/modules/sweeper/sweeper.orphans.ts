/**
 * Objects that no file row owns: a signed S3 PUT URL cannot be revoked, so one
 * replayed after an abort or a delete stores an object with no row, outside the 24-hour promise.
 * This pass lists the store and deletes such objects once they are older than any upload URL.
 */

import { UPLOAD_URL_TTL_SECONDS } from '../../shared/links';
import type { FilesRepository } from '../files/files.repository';
import type { StorageDriver } from '../storage/storage.types';

/** Every object key starts here (uploads.models.ts objectKeyFor). */
const OBJECT_PREFIX = 'files/';
/** Older than the longest-lived upload URL, with room for a slow last PUT. */
export const ORPHAN_MIN_AGE_MS = 2 * UPLOAD_URL_TTL_SECONDS * 1000;
/** Listing a large bucket is not free: each process does it at most this often. */
export const ORPHAN_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export async function sweepOrphans(args: {
  files: Pick<FilesRepository, 'findByObjectKey'>;
  storage: Pick<StorageDriver, 'listObjects' | 'delete'>;
  now: Date;
  onError?: (error: unknown, key: string) => void;
}): Promise<{ orphans: number }> {
  const cutoff = args.now.getTime() - ORPHAN_MIN_AGE_MS;
  let orphans = 0;
  for await (const object of args.storage.listObjects(OBJECT_PREFIX)) {
    if (object.lastModified > cutoff) continue;
    try {
      if (await args.files.findByObjectKey(object.key)) continue;
      await args.storage.delete(object.key);
      orphans += 1;
    } catch (error) {
      args.onError?.(error, object.key);
    }
  }
  return { orphans };
}
