/**
 * Password guessing limits, shared by every endpoint that checks a password (login, password
 * change, email change) and kept in the database, so they hold with or without Redis. An attempt
 * is written BEFORE the password is checked and then counted, so parallel guesses see each other.
 * - Per (account, address): 10 per 15 minutes. A guesser locks out its own address, not the owner.
 * - Per account: past 100 failures an hour from any addresses the account is "under pressure":
 *   it is not locked (that would lock the owner out too), but every address's budget shrinks to 2
 *   an hour, so a guess spread over many addresses gets two tries per address, while the owner,
 *   from an address that has not failed, still gets in.
 * Refused attempts are taken back (they were never evaluated); a success forgives its address.
 * An address is `addressHash(ip)`: a keyed hash of the IPv4 address or IPv6 /64.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../database/schema';
import type { AddressHasher } from '../../shared/client-address';
import { tooManyLogins, tooManyPasswordAttempts } from './auth.errors';
import { verifyPassword } from './auth.passwords';

const MINUTE_MS = 60 * 1000;

export const LOGIN_LIMITS = {
  perAddress: { max: 10, windowMs: 15 * MINUTE_MS },
  perAccount: { max: 100, windowMs: 60 * MINUTE_MS },
  perAddressUnderPressure: { max: 2, windowMs: 60 * MINUTE_MS },
} as const;

export function createLoginAttemptsRepository({ db }: { db: Database }) {
  return {
    async record(row: { id: string; email: string; ip_hash: string; at: number }): Promise<void> {
      await db.insertInto('login_attempts').values(row).execute();
    },
    async remove(id: string): Promise<void> {
      await db.deleteFrom('login_attempts').where('id', '=', id).execute();
    },
    /** Times of other attempts on the account (from one address if given), newest first. */
    async recentTimes(input: {
      email: string;
      ipHash?: string;
      since: number;
      exceptId: string;
      limit: number;
      offset?: number;
    }): Promise<number[]> {
      let query = db
        .selectFrom('login_attempts')
        .select('at')
        .where('email', '=', input.email)
        .where('at', '>', input.since)
        .where('id', '!=', input.exceptId);
      if (input.ipHash) query = query.where('ip_hash', '=', input.ipHash);
      const rows = await query
        .orderBy('at', 'desc')
        .limit(input.limit)
        .offset(input.offset ?? 0)
        .execute();
      return rows.map((row) => Number(row.at));
    },
    /** After a success the address's failures are forgiven; rows older than every window go too. */
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

/**
 * How long until this address may try again (0 = now), given the other attempts:
 * `byAddress` from this address within the longest window, newest first, and `pressureSince`, the
 * time of the account's 100th newest attempt within the hour (null: not under pressure).
 */
export function lockoutWaitMs(input: {
  byAddress: number[];
  pressureSince: number | null;
  now: number;
}): number {
  const { perAddress, perAccount, perAddressUnderPressure: pressure } = LOGIN_LIMITS;
  const { byAddress, now } = input;
  // Until the attempt that makes the address reach `max` within `windowMs` has left that window.
  const untilBelow = (limit: { max: number; windowMs: number }) => {
    const at = byAddress[limit.max - 1];
    return at === undefined ? 0 : Math.max(0, at + limit.windowMs - now);
  };
  const normal = untilBelow(perAddress);
  if (input.pressureSince === null) return normal;
  const pressureEnds = input.pressureSince + perAccount.windowMs - now;
  return Math.min(untilBelow(pressure), Math.max(pressureEnds, normal));
}

/** Whole minutes, rounded up: what a lockout message says. */
export function waitMinutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / MINUTE_MS));
}

/**
 * Checks `password` against `passwordHash` through the lockout of `email`'s account: throws the
 * 429 when this address may not try now, records the attempt, and forgives the address on success.
 * `kind` chooses the words of the refusal: a login, or a password typed into an account page.
 */
export async function checkPassword(args: {
  deps: { attempts: LoginAttemptsRepository; addressHash: AddressHasher };
  input: {
    email: string;
    clientIp: string;
    passwordHash: string | null;
    password: string;
    kind: 'login' | 'account';
  };
  now: Date;
}): Promise<boolean> {
  const { deps, input } = args;
  const { attempts } = deps;
  const at = args.now.getTime();
  const id = randomUUID();
  const ipHash = deps.addressHash(input.clientIp);
  const { perAddress, perAccount, perAddressUnderPressure } = LOGIN_LIMITS;
  await attempts.record({ id, email: input.email, ip_hash: ipHash, at });
  const longest = Math.max(perAddress.windowMs, perAddressUnderPressure.windowMs);
  const [byAddress, [pressureSince = null]] = await Promise.all([
    attempts.recentTimes({
      email: input.email,
      ipHash,
      since: at - longest,
      exceptId: id,
      limit: perAddress.max,
    }),
    attempts.recentTimes({
      email: input.email,
      since: at - perAccount.windowMs,
      exceptId: id,
      limit: 1,
      offset: perAccount.max - 1,
    }),
  ]);
  const waitMs = lockoutWaitMs({ byAddress, pressureSince, now: at });
  if (waitMs > 0) {
    await attempts.remove(id);
    const minutes = waitMinutes(waitMs);
    throw input.kind === 'login' ? tooManyLogins(minutes) : tooManyPasswordAttempts(minutes);
  }
  const valid = await verifyPassword(input.passwordHash, input.password);
  if (valid) await attempts.forgive({ email: input.email, ipHash, before: at - longest });
  return valid;
}
