import { RETENTION_MS } from './limits';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** How long files are kept, as the texts say it: "24 hours", "30 days", "1 hour". */
export function retentionLabel(retentionMs: number): string {
  if (retentionMs > DAY_MS && retentionMs % DAY_MS === 0) return `${retentionMs / DAY_MS} days`;
  const hours = Math.max(1, Math.round(retentionMs / HOUR_MS));
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** The spec's sentence (§2 "/download/:fileId"), true of every file kept for 24 hours or less. */
export const FREE_RETENTION_SENTENCE = `Files are deleted automatically after ${retentionLabel(RETENTION_MS.free)}.`;

/**
 * The download page's sentence on automatic deletion. A file that outlives the free retention (a
 * premium file: 30 days) says on which date it goes, instead of claiming 24 hours; anything else,
 * an unreadable date included, keeps the spec's sentence. Half an hour of slack keeps a new free
 * file on the spec's sentence when the server's clock runs a little ahead of the browser's.
 */
export function retentionSentence(expiresAt: Date | string, now: Date = new Date()): string {
  const expires = typeof expiresAt === 'string' ? new Date(expiresAt) : expiresAt;
  const ms = expires.getTime() - now.getTime();
  if (Number.isNaN(ms) || ms <= RETENTION_MS.free + HOUR_MS / 2) return FREE_RETENTION_SENTENCE;
  return `This file will be deleted automatically on ${expires.toLocaleString()}.`;
}
