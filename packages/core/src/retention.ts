import { expiryDistance } from './format-expiry';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** How long files are kept, as the texts say it: "24 hours", "30 days", "1 hour". */
export function retentionLabel(retentionMs: number): string {
  if (retentionMs > DAY_MS && retentionMs % DAY_MS === 0) return `${retentionMs / DAY_MS} days`;
  const hours = Math.max(1, Math.round(retentionMs / HOUR_MS));
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** Said when the file's own expiry cannot be read: true of every file. */
export const RETENTION_FALLBACK_SENTENCE =
  'This file is deleted automatically when its link expires.';

/**
 * The download page's sentence on automatic deletion, from the file's own expiry: a link made
 * for 1 hour says "in 1 hour", a 24-hour one "in 24 hours" (the usual statement for a default
 * link), a 30-day one its date. Never the tier's retention, which a shorter link does not keep.
 */
export function retentionSentence(expiresAt: Date | string, now: Date = new Date()): string {
  const distance = expiryDistance(expiresAt, now);
  if (!distance) return RETENTION_FALLBACK_SENTENCE;
  return 'in' in distance
    ? `This file will be deleted automatically in ${distance.in}.`
    : `This file will be deleted automatically on ${distance.on.toLocaleString()}.`;
}
