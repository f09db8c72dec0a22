import { randomUUID } from 'node:crypto';
import type { AuthResult, BalanceEntry } from '@sealdrop/core/api-auth-schemas';
import { passwordStrength } from '@sealdrop/core/password-strength';
import { accountSuspended } from '../moderation/moderation.errors';
import { checkCurrentPassword, publicUser } from './auth.account';
import type { AuthCase, AuthDeps, Session } from './auth.deps';
import { requestEmailChange } from './auth.email-change';
import * as errors from './auth.errors';
import { checkPassword } from './auth.lockout';
import { DUMMY_HASH, hashPassword } from './auth.passwords';
import type { UserRow } from './auth.repository';
import { noticeSignupAttempt } from './auth.signup-notice';
import { SESSION_TTL_MS } from './auth.tokens';
import { sendVerificationLink } from './auth.verification';

/** Stores a new session row; a new sign-in starts a family of its own, a refresh continues one. */
export async function openSession(args: {
  deps: AuthDeps;
  userId: string;
  familyId?: string;
  now: Date;
}): Promise<{ sessionId: string; expiresAt: number }> {
  const sessionId = randomUUID();
  const expiresAt = args.now.getTime() + SESSION_TTL_MS;
  await args.deps.auth.insertSession({
    id: sessionId,
    user_id: args.userId,
    family_id: args.familyId ?? sessionId,
    created_at: args.now.getTime(),
    expires_at: expiresAt,
  });
  return { sessionId, expiresAt };
}

/**
 * Opens a session for a user and returns the API's `{ user, token }`; none for a suspended
 * account (password login and external sign-in come through here; auth.refresh.ts checks too).
 */
export async function startSession({
  deps,
  input: { user },
  now,
}: AuthCase<{ user: UserRow }>): Promise<AuthResult> {
  if (user.suspended_at !== null) throw accountSuspended();
  const { sessionId, expiresAt } = await openSession({ deps, userId: user.id, now });
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
  const holder = await deps.auth.findUserByEmail(input.email);
  if (holder) {
    // The answer stays "taken" (signing up is one step); the address's owner hears of it.
    if (origin !== undefined) noticeSignupAttempt({ deps, input: { user: holder, origin }, now });
    throw errors.emailTaken();
  }
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
    suspended_at: null,
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
  const user = await deps.auth.findUserByEmail(input.email);
  const valid = await checkPassword({
    deps: { attempts: deps.loginAttempts, addressHash: deps.addressHash },
    input: {
      email: input.email,
      clientIp: input.clientIp,
      // The dummy hash keeps the timing of an unknown or password-less account the same…
      passwordHash: user?.password_hash ?? DUMMY_HASH,
      password: input.password,
      kind: 'login',
    },
    now,
  });
  // …but never signs into one: the dummy's password is no secret.
  if (!user?.password_hash || !valid) throw errors.invalidCredentials();
  return startSession({ deps, input: { user }, now });
}

export async function logout({
  deps,
  input: { session },
  now,
}: AuthCase<{ session: Session }>): Promise<void> {
  await deps.auth.revokeSession(session.sessionId, now.getTime());
}

/** A new email is only requested here; it applies once its verification link is opened. */
export async function updateProfile({
  deps,
  input: { session, origin, ...input },
  now,
}: AuthCase<{
  session: Session;
  email?: string;
  currentPassword?: string;
  origin: string;
  clientIp: string;
}>) {
  const change =
    input.email && input.email !== session.user.email
      ? await requestEmailChange({
          deps,
          session,
          input: {
            email: input.email,
            currentPassword: input.currentPassword,
            clientIp: input.clientIp,
          },
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
}: AuthCase<{
  session: Session;
  currentPassword: string;
  newPassword: string;
  clientIp: string;
}>): Promise<{ changed: true }> {
  if (!(await checkCurrentPassword({ deps, session, ...input, now })))
    throw errors.wrongCurrentPassword();
  if (passwordStrength(input.newPassword) === 'weak') throw errors.weakPassword();
  await deps.auth.updateUser(session.user.id, {
    password_hash: await hashPassword(input.newPassword),
    updated_at: now.getTime(),
  });
  await deps.auth.revokeOtherSessions(session.user.id, session.sessionId, now.getTime());
  // A link mailed before (a reset, an email change someone asked for) must not outlive it.
  await deps.emailTokens.retireForNewPassword(session.user.id, session.user.email, now.getTime());
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
