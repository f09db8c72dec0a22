/**
 * The reward writes that must be atomic. Each holds what it
 * depends on inside one transaction, so parallel calls, and a delete racing a reward, can neither
 * pay twice nor leave a credit for a deleted file standing.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database, DatabaseSchema } from '../../database/schema';
import { whereLive } from '../../shared/file-liveness';

export const UPLOAD_REWARD = 'upload_reward';
export const UPLOAD_REWARD_REVERSED = 'upload_reward_reversed';
export const DOWNLOAD_REWARD = 'download_reward';
/** An upload reward paid less than this before its uploader deletes the file is taken back. */
export const UPLOAD_REWARD_REVERSAL_MS = 24 * 60 * 60 * 1000;

export function createRewardsRepository({ db }: { db: Database }) {
  return {
    /**
     * Credits the upload reward of a finalized file of `userId`, holding the file's row: a delete
     * running at the same time waits for this, then reverses it (or ran first, and nothing is paid).
     * `amountFor` turns the stored size into the amount; null when the file is not rewardable.
     */
    async creditUpload(input: {
      fileId: string;
      userId: string;
      now: number;
      amountFor: (size: number) => number;
    }): Promise<{ amount: number; credited: boolean } | null> {
      return db.transaction().execute(async (trx) => {
        const held = await trx
          .updateTable('files')
          .set((eb) => ({ sweep_claimed_until: eb.ref('sweep_claimed_until') }))
          .where('id', '=', input.fileId)
          .where('owner_id', '=', input.userId)
          // A file taken down earns nothing.
          .where(whereLive(input.now, { status: 'ready' }))
          .executeTakeFirst();
        if (Number(held.numUpdatedRows) !== 1) return null;
        const file = await trx
          .selectFrom('files')
          .select('size')
          .where('id', '=', input.fileId)
          .executeTakeFirstOrThrow();
        const amount = input.amountFor(file.size);
        if (amount <= 0) return { amount: 0, credited: false };
        const inserted = await trx
          .insertInto('ledger_entries')
          .values({
            id: randomUUID(),
            user_id: input.userId,
            amount,
            reason: UPLOAD_REWARD,
            reference: input.fileId,
            created_at: input.now,
          })
          .onConflict((oc) => oc.columns(['reason', 'reference']).doNothing())
          .executeTakeFirst();
        return { amount, credited: Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 };
      });
    },

    /**
     * Takes back the upload reward of a file its uploader deleted, if it was paid within the last
     * UPLOAD_REWARD_REVERSAL_MS: a debit row of the same amount, once. Run after the row is gone.
     */
    async reverseUpload(input: { fileId: string; now: number }): Promise<number> {
      const paid = await db
        .selectFrom('ledger_entries')
        .select(['user_id', 'amount'])
        .where('reason', '=', UPLOAD_REWARD)
        .where('reference', '=', input.fileId)
        .where('created_at', '>=', input.now - UPLOAD_REWARD_REVERSAL_MS)
        .executeTakeFirst();
      if (!paid) return 0;
      const inserted = await db
        .insertInto('ledger_entries')
        .values({
          id: randomUUID(),
          user_id: paid.user_id,
          amount: -paid.amount,
          reason: UPLOAD_REWARD_REVERSED,
          reference: input.fileId,
          created_at: input.now,
        })
        .onConflict((oc) => oc.columns(['reason', 'reference']).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? paid.amount : 0;
    },

    /**
     * Credits `ownerId` for a download of `fileId` when none of the visitor's keys (`ip:{hash}`,
     * and `user:{id}` when signed in) was claimed for this file before. Every key is claimed either
     * way, so an account first seen on a paid address stays paid for from any other. The claims and
     * the credit commit together; a parallel twin waits on the same key, then finds it taken.
     * Past a daily cap (rewards in the last 24 hours, per file and per owner) nothing is paid or
     * claimed: the owner's row is held first, so parallel credits count each other.
     */
    async creditDownload(input: {
      fileId: string;
      ownerId: string;
      visitorKeys: string[];
      amount: number;
      now: number;
      dailyCaps: { perFile: number; perOwner: number };
    }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set((eb) => ({ updated_at: eb.ref('updated_at') }))
          .where('id', '=', input.ownerId)
          .execute();
        const paid = await downloadRewardsSince(
          trx,
          input.ownerId,
          input.fileId,
          input.now - DAY_MS,
        );
        if (paid.byFile >= input.dailyCaps.perFile || paid.byOwner >= input.dailyCaps.perOwner)
          return false;
        let fresh = 0;
        for (const key of input.visitorKeys) {
          const claimed = await trx
            .insertInto('reward_claims')
            .values({
              claim: `download:${input.fileId}:${key}`,
              file_id: input.fileId,
              created_at: input.now,
            })
            .onConflict((oc) => oc.column('claim').doNothing())
            .executeTakeFirst();
          fresh += Number(claimed.numInsertedOrUpdatedRows ?? 0);
        }
        if (fresh !== input.visitorKeys.length) return false;
        await trx
          .insertInto('ledger_entries')
          .values({
            id: randomUUID(),
            user_id: input.ownerId,
            amount: input.amount,
            reason: DOWNLOAD_REWARD,
            reference: `${input.fileId}:${input.visitorKeys[0]}`,
            created_at: input.now,
          })
          .execute();
        return true;
      });
    },
  };
}

export type RewardsRepository = ReturnType<typeof createRewardsRepository>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Download rewards paid to `ownerId` since `since`: all of them, and those for `fileId` (a download
 * reward's reference starts with `{fileId}:`). Compared by substr, not LIKE: SQLite's LIKE ignores
 * case, and short codes differ by case.
 */
async function downloadRewardsSince(
  trx: Transaction<DatabaseSchema>,
  ownerId: string,
  fileId: string,
  since: number,
) {
  const prefix = `${fileId}:`;
  const row = await trx
    .selectFrom('ledger_entries')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('byOwner'),
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(sql`substr(reference, 1, ${sql.lit(prefix.length)})`, '=', prefix)
            .then(1)
            .else(0)
            .end(),
        )
        .as('byFile'),
    ])
    .where('user_id', '=', ownerId)
    .where('reason', '=', DOWNLOAD_REWARD)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return { byOwner: Number(row?.byOwner ?? 0), byFile: Number(row?.byFile ?? 0) };
}
