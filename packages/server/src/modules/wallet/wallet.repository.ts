import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Database, WalletNoncesTable } from '../../database/schema';

export type NonceRow = Selectable<WalletNoncesTable>;

export function createWalletRepository({ db }: { db: Database }) {
  return {
    async insertNonce(row: NonceRow): Promise<void> {
      await db.insertInto('wallet_nonces').values(row).execute();
    },

    /** Expired requests of a user are dropped when they ask for a new one, so rows do not pile up. */
    async deleteExpiredNonces(userId: string, now: number): Promise<void> {
      await db
        .deleteFrom('wallet_nonces')
        .where('user_id', '=', userId)
        .where('expires_at', '<=', now)
        .execute();
    },

    /**
     * Takes a nonce out in one statement, so two requests racing with one signature cannot both
     * succeed. Only its own user can take it: another account's attempt leaves it untouched.
     */
    async consumeNonce(nonce: string, userId: string): Promise<NonceRow | undefined> {
      return db
        .deleteFrom('wallet_nonces')
        .where('nonce', '=', nonce)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
    },

    async findUserIdByWallet(walletAddress: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('solana_wallet', '=', walletAddress)
        .executeTakeFirst();
      return row?.id;
    },

    async recordUnlink(input: { walletAddress: string; userId: string; now: number }) {
      await db
        .insertInto('wallet_unlinks')
        .values({
          id: randomUUID(),
          wallet_address: input.walletAddress,
          user_id: input.userId,
          unlinked_at: input.now,
        })
        .execute();
    },

    /** When the wallet was last unlinked from an account other than `userId`, after `since`. */
    async lastUnlinkElsewhere(input: { walletAddress: string; userId: string; since: number }) {
      const row = await db
        .selectFrom('wallet_unlinks')
        .select((eb) => eb.fn.max('unlinked_at').as('at'))
        .where('wallet_address', '=', input.walletAddress)
        .where('user_id', '!=', input.userId)
        .where('unlinked_at', '>', input.since)
        .executeTakeFirst();
      return row?.at == null ? null : Number(row.at);
    },

    /** Sets or clears the link; the unique index on users.solana_wallet settles races. */
    async setWallet(userId: string, walletAddress: string | null, now: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ solana_wallet: walletAddress, updated_at: now })
        .where('id', '=', userId)
        .execute();
    },
  };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;
