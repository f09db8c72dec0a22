import { randomUUID } from 'node:crypto';
import type { AuthResult, BalanceEntry, PublicUser } from '@sealdrop/core/api-auth-schemas';
import { passwordStrength } from '@sealdrop/core/password-strength';
import type { AddressHasher } from '../../shared/client-address';
import type { LedgerRepository } from '../ledger/ledger.repository';
import type { Mailer } from '../mail/mail.mailer';
import { requestEmailChange } from './auth.email-change';
import type { EmailTokensRepository } from './auth.email-tokens';
import * as errors from './auth.errors';
import { admitLoginAttempt, type LoginAttemptsRepository } from './auth.lockout';
import { type PremiumCheck, toPublicUser } from './auth.models';
import { DUMMY_HASH, hashPassword, verifyPassword } from './auth.passwords';
import type { AuthRepository, UserRow } from './auth.repository';
import { SESSION_TTL_MS, type TokenService } from './auth.tokens';
import { sendVerificationLink } from './auth.verification';

export interface AuthDeps {
  auth: AuthRepository;
  loginAttempts: LoginAttemptsRepository;
  ledger: LedgerRepository;
  tokens: TokenService;
  /** Tier or linked-wallet premium; an unreachable RPC here only means "not premium by wallet". */
  premium: PremiumCheck;
  /** Verification and password-reset links (issue 14). */
  emailTokens: EmailTokensRepository;
  mailer: Mailer;
  /** What the lockout stores of a client's address (shared/client-address.ts). */
  addressHash: AddressHasher;
}

/** What every auth use case takes: its dependencies, what was asked, and the time. */
type AuthCase<Input> = { deps: AuthDeps; input: Input; now: Date };

export interface Session {
  user: UserRow;
  sessionId: string;
}

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

/** Opens a session for a user and returns the API's `{ user, token }`. */
export async function startSession({
  deps,
  input: { user },
  now,
}: AuthCase<{ user: UserRow }>): Promise<AuthResult> {
  const sessionId = randomUUID();
  const expiresAt = now.getTime() + SESSION_TTL_MS;
  await deps.auth.insertSession({
    id: sessionId,
    user_id: user.id,
    created_at: now.getTime(),
    expires_at: expiresAt,
  });
  const token = await deps.tokens.sign({ userId: user.id, sessionId, expiresAt });
  return { user: await publicUser({ deps, input: { user }, now }), token };
}

/** The live session a bearer token names, or null for a missing, forged, expired or revoked one. */
export async function authenticate({
  deps,
  input: { token },
  now,
}: AuthCase<{ token: string }>): Promise<Session | null> {
  const claims = await deps.tokens.verify(token, now);
  if (!claims) return null;
  const session = await deps.auth.findLiveSession(claims.sessionId, now.getTime());
  if (!session || session.user_id !== claims.userId) return null;
  const user = await deps.auth.findUserById(session.user_id);
  return user ? { user, sessionId: session.id } : null;
}

export async function register({
  deps,
  input,
  now,
}: {
  deps: AuthDeps;
  /** `origin`: where the verification link points; without it no mail is sent (tests). */
  input: { email: string; password: string; origin?: string };
  now: Date;
}) {
  const { origin } = input;
  if (passwordStrength(input.password) === 'weak') throw errors.weakPassword();
  if (await deps.auth.findUserByEmail(input.email)) throw errors.emailTaken();
  const user: UserRow = {
    id: randomUUID(),
    email: input.email,
    password_hash: await hashPassword(input.password),
    tier: 'free',
    solana_wallet: null,
    oidc_subject: null,
    email_verified: 0,
    created_at: now.getTime(),
    updated_at: now.getTime(),
  };
  try {
    await deps.auth.insertUser(user);
  } catch (error) {
    // Two registrations racing for one email: the unique index decides.
    if (await deps.auth.findUserByEmail(input.email)) throw errors.emailTaken();
    throw error;
  }
  if (origin !== undefined) {
    // Not awaited: registration succeeds even if mail is down ("Resend" in settings); the
    // mailer logs the failure.
    sendVerificationLink({
      deps,
      input: { userId: user.id, email: user.email, origin },
      now,
    }).catch(() => {});
  }
  return startSession({ deps, input: { user }, now });
}

export async function login({
  deps,
  input,
  now,
}: AuthCase<{ email: string; password: string; clientIp: string }>) {
  const attempt = await admitLoginAttempt({
    deps: { attempts: deps.loginAttempts, addressHash: deps.addressHash },
    input: { email: input.email, clientIp: input.clientIp },
    now,
  });
  const user = await deps.auth.findUserByEmail(input.email);
  const valid = await verifyPassword(user?.password_hash ?? DUMMY_HASH, input.password);
  if (!user || !valid) throw errors.invalidCredentials();
  await attempt.succeeded();
  return startSession({ deps, input: { user }, now });
}

export async function logout({
  deps,
  input: { session },
  now,
}: AuthCase<{ session: Session }>): Promise<void> {
  await deps.auth.revokeSession(session.sessionId, now.getTime());
}

/** Rotates the token: the old session ends, a new one begins. A replayed old token is refused. */
export async function refresh({
  deps,
  input: { session },
  now,
}: AuthCase<{ session: Session }>): Promise<AuthResult> {
  if (!(await deps.auth.revokeSession(session.sessionId, now.getTime())))
    throw errors.sessionExpired();
  return startSession({ deps, input: { user: session.user }, now });
}

/** A new email is only requested here; it applies once its verification link is opened. */
export async function updateProfile({
  deps,
  input: { session, origin, ...input },
  now,
}: AuthCase<{ session: Session; email?: string; currentPassword?: string; origin: string }>) {
  const change =
    input.email && input.email !== session.user.email
      ? await requestEmailChange({
          deps,
          session,
          input: { email: input.email, currentPassword: input.currentPassword },
          origin,
          now,
        })
      : {};
  const user = (await deps.auth.findUserById(session.user.id)) ?? session.user;
  const token = await deps.tokens.sign({
    userId: user.id,
    sessionId: session.sessionId,
    expiresAt: now.getTime() + SESSION_TTL_MS,
  });
  return { user: await publicUser({ deps, input: { user }, now }), token, ...change };
}

/** A new password ends every other session (stolen tokens die with the old password). */
export async function changePassword({
  deps,
  input: { session, ...input },
  now,
}: AuthCase<{ session: Session; currentPassword: string; newPassword: string }>): Promise<{
  changed: true;
}> {
  if (!(await verifyPassword(session.user.password_hash, input.currentPassword)))
    throw errors.wrongCurrentPassword();
  if (passwordStrength(input.newPassword) === 'weak') throw errors.weakPassword();
  await deps.auth.updateUser(session.user.id, {
    password_hash: await hashPassword(input.newPassword),
    updated_at: now.getTime(),
  });
  await deps.auth.revokeOtherSessions(session.user.id, session.sessionId, now.getTime());
  return { changed: true };
}

export async function balanceHistory({
  deps,
  input: { session, limit },
}: {
  deps: AuthDeps;
  input: { session: Session; limit: number };
}) {
  const rows = await deps.ledger.history(session.user.id, limit);
  const entries: BalanceEntry[] = rows.map((row) => ({
    id: row.id,
    amount: row.amount,
    reason: row.reason,
    createdAt: new Date(row.created_at).toISOString(),
  }));
  return { entries, balance: await deps.ledger.balanceOf(session.user.id) };
}
