import type { Selectable } from 'kysely';
import type { AddressBlocksTable, Database } from '../../database/schema';

export type AddressBlockRow = Selectable<AddressBlocksTable>;

/** Address blocks (no uploads from an address until a time) and account suspensions. */
export function createBlocksRepository({ db }: { db: Database }) {
  const active = (now: number) =>
    db.selectFrom('address_blocks').where('expires_at', '>', now).where('lifted_at', 'is', null);

  return {
    /** When the address's latest block ends; null when it is not blocked. */
    async blockedUntil(addressHash: string, now: number): Promise<number | null> {
      const row = await active(now)
        .select((eb) => eb.fn.max('expires_at').as('until'))
        .where('address_hash', '=', addressHash)
        .executeTakeFirst();
      return row?.until == null ? null : Number(row.until);
    },

    async blockedUntilMany(hashes: readonly string[], now: number): Promise<Map<string, number>> {
      if (hashes.length === 0) return new Map();
      const rows = await active(now)
        .select((eb) => ['address_hash', eb.fn.max('expires_at').as('until')])
        .where('address_hash', 'in', hashes)
        .groupBy('address_hash')
        .execute();
      return new Map(rows.map((row) => [row.address_hash, Number(row.until)]));
    },

    async insertBlock(row: AddressBlockRow): Promise<void> {
      await db.insertInto('address_blocks').values(row).execute();
    },

    /** Ends the address's blocks now; answers how many were in force. */
    async lift(addressHash: string, now: number): Promise<number> {
      const result = await db
        .updateTable('address_blocks')
        .set({ lifted_at: now })
        .where('address_hash', '=', addressHash)
        .where('expires_at', '>', now)
        .where('lifted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** One line per blocked address, the block ending last. */
    async listActive(now: number) {
      const rows = await active(now)
        .select((eb) => [
          'address_hash',
          eb.fn.min('created_at').as('created_at'),
          eb.fn.max('expires_at').as('until'),
        ])
        .groupBy('address_hash')
        .orderBy('until', 'desc')
        .execute();
      return rows.map((row) => ({
        addressHash: row.address_hash,
        createdAt: Number(row.created_at),
        until: Number(row.until),
      }));
    },

    /** Sets or clears an account's suspension; false for an unknown account. */
    async setSuspended(accountId: string, at: number | null): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ suspended_at: at })
        .where('id', '=', accountId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async listSuspended() {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'suspended_at'])
        .where('suspended_at', 'is not', null)
        .orderBy('suspended_at', 'desc')
        .execute();
    },

    async counts(now: number): Promise<{ addresses: number; accounts: number }> {
      const [addresses, accounts] = await Promise.all([
        active(now)
          .select((eb) => eb.fn.count<number>('address_hash').distinct().as('count'))
          .executeTakeFirst(),
        db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('suspended_at', 'is not', null)
          .executeTakeFirst(),
      ]);
      return { addresses: Number(addresses?.count ?? 0), accounts: Number(accounts?.count ?? 0) };
    },
  };
}

export type BlocksRepository = ReturnType<typeof createBlocksRepository>;
