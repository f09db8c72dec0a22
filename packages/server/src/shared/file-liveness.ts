/**
 * When a file is live, written once for every caller: not past its expiry, not removed, in the
 * state the caller needs, and, for a new download, not spent. `isLive` judges a row in memory;
 * `whereLive` says the same as a condition that Kysely writes for SQLite and PostgreSQL alike,
 * so a repository asks the database the very question a use case asks of a row.
 */
import { type Expression, expressionBuilder, type SqlBool } from 'kysely';
import type { DatabaseSchema, FilesTable } from '../database/schema';

export type FileStatus = FilesTable['status'];

/** What a caller needs of a file for it to count as live; by default any state, not removed. */
export interface LiveNeed {
  /** The states the caller can use (`ready` to download, `pending` to upload); any when left out. */
  status?: FileStatus | readonly FileStatus[];
  /** Whether a removed file (a tombstone until its expiry) still counts, for lists that show it. */
  removed?: boolean;
  /** Whether a limited link must still have a download left (granting one). */
  unspent?: boolean;
}

/** The columns the rule reads. */
export interface FileLife {
  status: FileStatus;
  expires_at: number;
  removed_at: number | null;
  download_limit: number | null;
  download_count: number;
}

const statusesOf = (need: LiveNeed): readonly FileStatus[] | null =>
  need.status === undefined ? null : typeof need.status === 'string' ? [need.status] : need.status;

/** Past its expiry at `now`: a file, a short link or a reservation (every `expires_at` here). */
export function isExpired(row: { expires_at: number }, now: number): boolean {
  return row.expires_at <= now;
}

/** Taken down by a moderator or the malware scanner. */
export function isRemoved(file: Pick<FileLife, 'removed_at'>): boolean {
  return file.removed_at !== null;
}

/** A limited link that has given every download it allows. */
export function isSpent(file: Pick<FileLife, 'download_limit' | 'download_count'>): boolean {
  return file.download_limit !== null && file.download_count >= file.download_limit;
}

export function isLive(file: FileLife, now: number, need: LiveNeed = {}): boolean {
  const statuses = statusesOf(need);
  return (
    !isExpired(file, now) &&
    (need.removed === true || !isRemoved(file)) &&
    (statuses === null || statuses.includes(file.status)) &&
    (need.unspent !== true || !isSpent(file))
  );
}

const files = expressionBuilder<DatabaseSchema, 'files'>();

/** The files past their expiry at `now`, as a query condition (what the sweeper deletes). */
export function whereExpired(now: number): Expression<SqlBool> {
  return files('files.expires_at', '<=', now);
}

/**
 * `isLive` as a query condition on the `files` table, for `.where(whereLive(now, need))` in a
 * select, an update or a subquery; column names are qualified so a join cannot make them ambiguous.
 */
export function whereLive(now: number, need: LiveNeed = {}): Expression<SqlBool> {
  const statuses = statusesOf(need);
  const conditions: Expression<SqlBool>[] = [files('files.expires_at', '>', now)];
  if (need.removed !== true) conditions.push(files('files.removed_at', 'is', null));
  if (statuses !== null) conditions.push(files('files.status', 'in', [...statuses]));
  if (need.unspent === true)
    conditions.push(
      files.or([
        files('files.download_limit', 'is', null),
        files('files.download_count', '<', files.ref('files.download_limit')),
      ]),
    );
  return files.and(conditions);
}
