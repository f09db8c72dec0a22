import type { Selectable } from 'kysely';
import type { Database, OidcLoginsTable, OidcStatesTable } from '../../database/schema';

export type OidcStateRow = Selectable<OidcStatesTable>;

export function createOidcStatesRepository({ db }: { db: Database }) {
  return {
    async insert(row: OidcStateRow): Promise<void> {
      await db.insertInto('oidc_states').values(row).execute();
    },
    /**
     * Deletes the row and returns what it held, in one statement: of two callbacks racing with
     * the same state, only one gets the row.
     */
    async take(state: string): Promise<OidcStateRow | undefined> {
      return db
        .deleteFrom('oidc_states')
        .where('state', '=', state)
        .returningAll()
        .executeTakeFirst();
    },
    /** Sign-ins that were started (or finished) and never completed; returns how many went. */
    async deleteExpired(now: number): Promise<number> {
      const result = await db
        .deleteFrom('oidc_states')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      await db.deleteFrom('oidc_logins').where('expires_at', '<=', now).execute();
      return Number(result.numDeletedRows);
    },
    async insertLogin(row: Selectable<OidcLoginsTable>): Promise<void> {
      await db.insertInto('oidc_logins').values(row).execute();
    },
    /** Takes a login code out in one statement: it works once, whoever races for it. */
    async takeLogin(codeHash: string): Promise<Selectable<OidcLoginsTable> | undefined> {
      return db
        .deleteFrom('oidc_logins')
        .where('code_hash', '=', codeHash)
        .returningAll()
        .executeTakeFirst();
    },
  };
}

export type OidcStatesRepository = ReturnType<typeof createOidcStatesRepository>;
