/**
 * Single-use tokens for mailed links (verification, password reset, restoring an old address).
 * The link carries 32 random bytes; the database keeps only their sha256, so reading the table
 * opens no account.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Database, EmailTokensTable } from '../../database/schema';

export type EmailTokenRow = Selectable<EmailTokensTable>;
export type EmailTokenPurpose = EmailTokensTable['purpose'];

export function hashEmailToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newEmailToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashEmailToken(token) };
}

export function createEmailTokensRepository({ db }: { db: Database }) {
  /** Ends a user's unused links; each caller narrows which. */
  const retireUnused = (userId: string, now: number) =>
    db
      .updateTable('email_tokens')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null);
  return {
    async insert(row: Omit<EmailTokenRow, 'used_at'>): Promise<void> {
      await db
        .insertInto('email_tokens')
        .values({ ...row, used_at: null })
        .execute();
    },
    /** Ends every unused link of one purpose for a user, so only the newest one works. */
    async retire(userId: string, purpose: EmailTokenPurpose, now: number): Promise<void> {
      await retireUnused(userId, now).where('purpose', '=', purpose).execute();
    },
    /**
     * What a new password voids: every reset link, and every pending email change (a link to an
     * address that is not the account's). The verification link of the current address stays.
     */
    async retireForNewPassword(userId: string, currentEmail: string, now: number): Promise<void> {
      await retireUnused(userId, now)
        .where((eb) =>
          eb.or([
            eb('purpose', '=', 'reset'),
            eb.and([eb('purpose', '=', 'verify'), eb('email', '!=', currentEmail)]),
          ]),
        )
        .execute();
    },
    /**
     * What restoring an old address voids: every verification and reset link, and the restore
     * links issued after `restoreIssuedAt` (for addresses the account moved to later). Older
     * restore links stay: they belong to earlier owners of the account's address.
     */
    async retireForRestore(userId: string, restoreIssuedAt: number, now: number): Promise<void> {
      await retireUnused(userId, now)
        .where((eb) =>
          eb.or([eb('purpose', '!=', 'restore'), eb('created_at', '>', restoreIssuedAt)]),
        )
        .execute();
    },
    /**
     * Uses a token up: the row when it was unused and unexpired, else undefined. The conditional
     * update makes two requests racing with one link see exactly one success.
     */
    async consume(hash: string, purpose: EmailTokenPurpose, now: number) {
      const result = await db
        .updateTable('email_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', hash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      return db
        .selectFrom('email_tokens')
        .selectAll()
        .where('token_hash', '=', hash)
        .executeTakeFirst();
    },
    /** When the newest link of this purpose was issued to the user (0 = never). */
    async lastIssuedAt(userId: string, purpose: EmailTokenPurpose): Promise<number> {
      const row = await db
        .selectFrom('email_tokens')
        .select((eb) => eb.fn.max('created_at').as('latest'))
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .executeTakeFirst();
      return Number(row?.latest ?? 0);
    },
    /** The new address of an email change still waiting for its link, if any. */
    async pendingEmail(userId: string, currentEmail: string, now: number) {
      const row = await db
        .selectFrom('email_tokens')
        .select('email')
        .where('user_id', '=', userId)
        .where('purpose', '=', 'verify')
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where('email', '!=', currentEmail)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return row?.email;
    },
  };
}

export type EmailTokensRepository = ReturnType<typeof createEmailTokensRepository>;

/**
 * A fresh link token for one purpose: older unused links of that purpose stop working (unless
 * `keepOlder`: restore links of earlier addresses must all keep working), and the new one lives
 * `ttlMs`. Returns the token itself, which only the mail carries.
 */
export async function issueEmailToken(
  emailTokens: EmailTokensRepository,
  link: {
    userId: string;
    purpose: EmailTokenPurpose;
    email: string;
    now: Date;
    ttlMs: number;
    keepOlder?: boolean;
  },
): Promise<string> {
  const { token, hash } = newEmailToken();
  const now = link.now.getTime();
  if (!link.keepOlder) await emailTokens.retire(link.userId, link.purpose, now);
  await emailTokens.insert({
    token_hash: hash,
    user_id: link.userId,
    purpose: link.purpose,
    email: link.email,
    created_at: now,
    expires_at: now + link.ttlMs,
  });
  return token;
}
