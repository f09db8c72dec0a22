/**
 * Notices mailed to an account because of what someone else did (a sign-up with its address):
 * at most one of each kind per account per cooldown, claimed atomically in the database, so
 * nobody can use the action that triggers one to flood an address.
 */
import type { Database } from '../../database/schema';

export function createMailNoticesRepository({ db }: { db: Database }) {
  return {
    /** True when a notice of `kind` may go now (and records it); false within the cooldown. */
    async claim(input: { userId: string; kind: string; now: number; cooldownMs: number }) {
      const row = await db
        .insertInto('mail_notices')
        .values({ user_id: input.userId, kind: input.kind, sent_at: input.now })
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'kind'])
            .doUpdateSet({ sent_at: input.now })
            .where('mail_notices.sent_at', '<=', input.now - input.cooldownMs),
        )
        .returning('sent_at')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type MailNoticesRepository = ReturnType<typeof createMailNoticesRepository>;
