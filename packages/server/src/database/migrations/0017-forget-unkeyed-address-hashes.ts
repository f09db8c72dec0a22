import { type Kysely, sql } from 'kysely';

/**
 * Client addresses used to be kept as unkeyed SHA-256 prefixes, which a brute force over every
 * IPv4 address reverses; they are now a keyed hash (shared/client-address.ts) that nobody can
 * recompute without the server secret, and that cannot be derived from the old one. So the old
 * hashes are dropped rather than left readable in a leaked database:
 * - login attempts and download grants keep their rows (the account-wide lockout and the download
 *   counts still see them) under a marker that no address hashes to;
 * - a file forgets its uploader's address (its downloads from there are no longer recognised
 *   as the uploader's own: the daily reward caps bound that until the file expires);
 * - reward claims by address are deleted (they could no longer match a visitor anyway);
 * - a download reward's ledger reference `{file}:ip:{hash}` keeps its file and gets the row's
 *   own id instead of the hash, so it stays unique.
 * What this means for a running service is in docs/wallet.md ("Addresses").
 */
export const UNKEYED_MARKER = 'unkeyed';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update login_attempts set ip_hash = ${UNKEYED_MARKER}`.execute(db);
  await sql`update file_downloads set ip_hash = ${UNKEYED_MARKER}`.execute(db);
  await sql`update files set uploader_ip_hash = null where uploader_ip_hash is not null`.execute(
    db,
  );
  await sql`delete from reward_claims where claim like ${'download:%:ip:%'}`.execute(db);
  // A hash is the reference's last 32 characters; rows already rewritten are left alone.
  await sql`
    update ledger_entries
    set reference = substr(reference, 1, length(reference) - 32) || ${`${UNKEYED_MARKER}-`} || id
    where reason = 'download_reward'
      and reference like ${'%:ip:%'}
      and reference not like ${`%:ip:${UNKEYED_MARKER}-%`}
  `.execute(db);
}

/** The old hashes are gone for good: there is nothing to restore. */
export async function down(): Promise<void> {}
