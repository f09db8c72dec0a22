import type { Database } from '../../database/schema';

/** The reward ledger: a balance is the sum of a user's entries, never a stored counter. */
export function createLedgerRepository({ db }: { db: Database }) {
  return {
    async balanceOf(userId: string): Promise<number> {
      const row = await db
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },
    /**
     * Records a credit once per (reason, reference): a replay or a concurrent twin hits the unique
     * constraint and inserts nothing. True when this call wrote the row.
     */
    async credit(entry: {
      id: string;
      userId: string;
      amount: number;
      reason: string;
      reference: string;
      createdAt: number;
    }): Promise<boolean> {
      const result = await db
        .insertInto('ledger_entries')
        .values({
          id: entry.id,
          user_id: entry.userId,
          amount: entry.amount,
          reason: entry.reason,
          reference: entry.reference,
          created_at: entry.createdAt,
        })
        .onConflict((oc) => oc.columns(['reason', 'reference']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    async history(userId: string, limit: number) {
      return db
        .selectFrom('ledger_entries')
        .select(['id', 'amount', 'reason', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
