import type { PublicUser } from '@sealdrop/core/api-auth-schemas';
import type { AuthCase, AuthDeps, Session } from './auth.deps';
import { checkPassword } from './auth.lockout';
import { toPublicUser } from './auth.models';
import type { UserRow } from './auth.repository';

/** The account as its owner sees it, for every answer that carries the user. */
export async function publicUser({
  deps,
  input: { user },
  now,
}: AuthCase<{ user: UserRow }>): Promise<PublicUser> {
  const [balance, isPremium, pendingEmail] = await Promise.all([
    deps.ledger.balanceOf(user.id),
    deps.premium(user, { rpcFailure: 'ignore' }),
    deps.emailTokens.pendingEmail(user.id, user.email, now.getTime()),
  ]);
  const result = toPublicUser(user, balance, isPremium);
  return pendingEmail ? { ...result, pendingEmail } : result;
}

/** The current password typed into an account page, checked through the login lockout. */
export function checkCurrentPassword(args: {
  deps: AuthDeps;
  session: Session;
  currentPassword: string;
  clientIp: string;
  now: Date;
}): Promise<boolean> {
  const { deps, session, now } = args;
  return checkPassword({
    deps: { attempts: deps.loginAttempts, addressHash: deps.addressHash },
    input: {
      email: session.user.email,
      clientIp: args.clientIp,
      passwordHash: session.user.password_hash,
      password: args.currentPassword,
      kind: 'account',
    },
    now,
  });
}
