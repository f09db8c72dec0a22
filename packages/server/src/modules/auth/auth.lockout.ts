/**
 * Password guessing limits (issue 14, items 2 and 10). An attempt is written BEFORE the password is
 * checked and then counted, so parallel guesses see each other and at most `max` are evaluated.
 * The tight limit binds (account, client address): a guesser locks out itself, not the owner. A
 * slower limit per account, from every address, stops a guess spread over many addresses.
 * Refused attempts are taken back, so a locked-out guesser does not feed the account-wide count.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../database/schema';
import type { AddressHasher } from '../../shared/client-address';
import { tooManyLogins } from './auth.errors';

export const LOGIN_LIMITS = {
  perClient: { max: 10, windowMs: 15 * 60 * 1000 },
  perAccount: { max: 100, windowMs: 60 * 60 * 1000 },
} as const;

export function createLoginAttemptsRepository({ db }: { db: Database }) {
  return {
    async record(row: { id: string; email: string; ip_hash: string; at: number }): Promise<void> {
      await db.insertInto('login_attempts').values(row).execute();
    },
    async remove(id: string): Promise<void> {
      await db.deleteFrom('login_attempts').where('id', '=', id).execute();
    },
    async count(input: { email: string; ipHash?: string; since: number }): Promise<number> {
      let query = db
        .selectFrom('login_attempts')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('email', '=', input.email)
        .where('at', '>', input.since);
      if (input.ipHash) query = query.where('ip_hash', '=', input.ipHash);
      return Number((await query.executeTakeFirst())?.count ?? 0);
    },
    /** After a success the client's failures are forgiven; rows older than every window go too. */
    async forgive(input: { email: string; ipHash: string; before: number }): Promise<void> {
      await db
        .deleteFrom('login_attempts')
        .where('email', '=', input.email)
        .where((eb) => eb.or([eb('ip_hash', '=', input.ipHash), eb('at', '<', input.before)]))
        .execute();
    },
  };
}

export type LoginAttemptsRepository = ReturnType<typeof createLoginAttemptsRepository>;

/** Records the attempt and checks both limits; the returned function forgives it on success. */
export async function admitLoginAttempt(args: {
  deps: { attempts: LoginAttemptsRepository; addressHash: AddressHasher };
  input: { email: string; clientIp: string };
  now: Date;
}): Promise<{ succeeded: () => Promise<void> }> {
  const { deps, input, now } = args;
  const at = now.getTime();
  const id = randomUUID();
  const ipHash = deps.addressHash(input.clientIp);
  await deps.attempts.record({ id, email: input.email, ip_hash: ipHash, at });
  const { perClient, perAccount } = LOGIN_LIMITS;
  const [byClient, byAccount] = await Promise.all([
    deps.attempts.count({ email: input.email, ipHash, since: at - perClient.windowMs }),
    deps.attempts.count({ email: input.email, since: at - perAccount.windowMs }),
  ]);
  if (byClient > perClient.max || byAccount > perAccount.max) {
    await deps.attempts.remove(id);
    throw tooManyLogins();
  }
  return {
    succeeded: () =>
      deps.attempts.forgive({ email: input.email, ipHash, before: at - perAccount.windowMs }),
  };
}
