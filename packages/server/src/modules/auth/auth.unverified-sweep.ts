/**
 * Unverified accounts with no activity for 7 days are deleted: an address registered but never
 * verified (by a squatter, or by a typo) then becomes free to register again. Activity is a
 * session opened (sign-in or renewal) or a file still live. Run by the sweeper in every process;
 * each deletion re-checks its conditions, so two processes never delete an account in use.
 */
import type { AccountsRepository } from './auth.accounts.repository';

export const UNVERIFIED_ACCOUNT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const BATCH = 100;

export async function deleteInactiveUnverifiedAccounts(args: {
  accounts: AccountsRepository;
  now: Date;
  /** Most accounts looked at in one pass; the next pass takes the rest. */
  limit?: number;
}): Promise<number> {
  const now = args.now.getTime();
  const inactiveSince = now - UNVERIFIED_ACCOUNT_TTL_MS;
  const ids = await args.accounts.findInactiveUnverified({
    inactiveSince,
    now,
    limit: args.limit ?? BATCH,
  });
  let deleted = 0;
  for (const id of ids) {
    if (await args.accounts.deleteUnverified(id, { inactiveSince })) deleted += 1;
  }
  return deleted;
}
