/** Pure rules of an upload: which tier limits apply and how the object is sent. */
import {
  MAX_UPLOAD_BYTES,
  RETENTION_MS,
  UPLOAD_CONCURRENCY,
  type UploadTier,
} from '@sealdrop/core/limits';
import { objectSize, partCount } from '@sealdrop/core/upload-plan';

/** How many part URLs one presign or parts call hands out. */
export const PART_URLS_PER_CALL = 100;
export interface UploadShape {
  objectSize: number;
  multipart: boolean;
  partCount: number;
}

export function planObject(input: {
  size: number;
  isEncrypted: boolean;
  partSize: number;
  /**
   * Send it in parts even when one would do: a part URL dies with its upload at completion,
   * whereas an object store honours a single PUT URL until it expires, so the sender could
   * overwrite what finalize (and the malware scan) already checked.
   */
  inParts?: boolean;
}): UploadShape {
  const parts = partCount(input.size, input.partSize);
  return {
    objectSize: objectSize(input.size, input.isEncrypted),
    multipart: parts > 1 || input.inParts === true,
    partCount: parts,
  };
}

export function uploadLimits(tier: UploadTier, retention: { freeMs: number; premiumMs: number }) {
  return {
    maxBytes: MAX_UPLOAD_BYTES[tier],
    retentionMs: tier === 'premium' ? retention.premiumMs : retention.freeMs,
    concurrency: UPLOAD_CONCURRENCY[tier],
  };
}

export const DEFAULT_RETENTION = { freeMs: RETENTION_MS.free, premiumMs: RETENTION_MS.premium };

/** Storage key: the slug plus a random part, so that knowing a link never lets one touch its upload. */
export function objectKeyFor(slug: string, secret: string, isEncrypted: boolean): string {
  return `files/${slug}/${secret}${isEncrypted ? '.enc' : ''}`;
}
