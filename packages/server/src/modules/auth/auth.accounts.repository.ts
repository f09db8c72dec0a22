/**
 * Removing accounts that never proved their address: a squatter's account when the address's
 * owner takes the address back, and unverified accounts left without activity. A deletion is
 * conditional (still unverified, still inactive when asked), so it never removes an account that
 * was verified or used in the meantime, whichever process runs it.
 */
import { type Expression, expressionBuilder, type SqlBool } from 'kysely';
import type { Database, DatabaseSchema } from '../../database/schema';
import { whereLive } from '../../shared/file-liveness';

const users = expressionBuilder<DatabaseSchema, 'users'>();

/** An account created before `since` that has opened no session since then. */
function inactiveSince(since: number): Expression<SqlBool> {
  return users.and([
    users('users.created_at', '<', since),
    users.not(
      users.exists(
        users
          .selectFrom('sessions')
          .select('sessions.id')
          .whereRef('sessions.user_id', '=', 'users.id')
          .where('sessions.created_at', '>=', since),
      ),
    ),
  ]);
}

export function createAccountsRepository({ db }: { db: Database }) {
  return {
    /**
     * Unverified accounts created before `inactiveSince`, with no session opened since then and no
     * file still live: what the sweeper deletes, `limit` at a time.
     */
    async findInactiveUnverified(input: { inactiveSince: number; now: number; limit: number }) {
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where('email_verified', '=', 0)
        .where(inactiveSince(input.inactiveSince))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('files')
                .select('files.id')
                .whereRef('files.owner_id', '=', 'users.id')
                .where(whereLive(input.now, { removed: true })),
            ),
          ),
        )
        .orderBy('created_at')
        .limit(input.limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Deletes an account that is still unverified (and, with `inactiveSince`, still created before
     * it with no session opened since), and the rows that name it. False when it no longer
     * qualifies. SQLite does not enforce the foreign keys' cascades, so dependents go by hand.
     */
    async deleteUnverified(id: string, options: { inactiveSince?: number } = {}) {
      return db.transaction().execute(async (trx) => {
        let query = trx.deleteFrom('users').where('id', '=', id).where('email_verified', '=', 0);
        if (options.inactiveSince !== undefined)
          query = query.where(inactiveSince(options.inactiveSince));
        const result = await query.executeTakeFirst();
        if (Number(result.numDeletedRows) !== 1) return false;
        for (const table of [
          'sessions',
          'email_tokens',
          'ledger_entries',
          'wallet_nonces',
          'oidc_logins',
          'mail_notices',
        ] as const) {
          await trx.deleteFrom(table).where('user_id', '=', id).execute();
        }
        await trx.deleteFrom('oidc_states').where('link_user_id', '=', id).execute();
        await trx
          .updateTable('feedback')
          .set({ user_id: null })
          .where('user_id', '=', id)
          .execute();
        await trx.updateTable('files').set({ owner_id: null }).where('owner_id', '=', id).execute();
        return true;
      });
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
