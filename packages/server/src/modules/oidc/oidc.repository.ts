import type { Selectable } from 'kysely';
import type { Database, OidcStatesTable } from '../../database/schema';

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
    /** Sign-ins that were started and never finished; returns how many were removed. */
    async deleteExpired(now: number): Promise<number> {
      const result = await db
        .deleteFrom('oidc_states')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type OidcStatesRepository = ReturnType<typeof createOidcStatesRepository>;
