/**
 * Password reset by email. The answer is the same whether or not an account exists, and a reset
 * ends every session of the account and voids the links mailed before it (other reset links, a
 * pending email change). A reset link proves the mailbox, so it also reclaims an address that was
 * registered but never verified: the address becomes verified, and whoever registered it loses
 * their sessions, links and external sign-in (a squatter must not keep the real owner out).
 */
import { passwordStrength } from '@sealdrop/core/password-strength';
import { passwordResetMessage } from '../mail/mail.messages';
import type { AuthDeps } from './auth.deps';
import { invalidLink } from './auth.email.errors';
import { hashEmailToken, issueEmailToken } from './auth.email-tokens';
import { weakPassword } from './auth.errors';
import { hashPassword } from './auth.passwords';
import type { UserRow } from './auth.repository';
import { MAIL_COOLDOWN_MS } from './auth.verification';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this address, we sent it a link to reset the password.';

/** A fresh reset link for the account's address (older ones stop working). */
export async function newResetLink(
  deps: AuthDeps,
  user: Pick<UserRow, 'id' | 'email'>,
  origin: string,
  now: Date,
): Promise<string> {
  const token = await issueEmailToken(deps.emailTokens, {
    userId: user.id,
    purpose: 'reset',
    email: user.email,
    now,
    ttlMs: RESET_LINK_TTL_MS,
  });
  return `${origin}/reset-password#token=${token}`;
}

export async function forgotPassword(args: {
  deps: AuthDeps;
  input: { email: string };
  origin: string;
  now: Date;
}): Promise<{ message: string }> {
  const { deps, input, origin, now } = args;
  const user = await deps.auth.findUserByEmail(input.email);
  // Within the cooldown nothing is sent, and the answer stays the same.
  const recent =
    user &&
    now.getTime() - (await deps.emailTokens.lastIssuedAt(user.id, 'reset')) < MAIL_COOLDOWN_MS;
  if (user && !recent) {
    const link = await newResetLink(deps, user, origin, now);
    // Not awaited: a slow SMTP server must not tell, by the answer's delay, that the account
    // exists. The mailer logs a failure (without the link).
    deps.mailer.send(passwordResetMessage({ to: user.email, link })).catch(() => {});
  }
  return { message: FORGOT_PASSWORD_MESSAGE };
}

export async function resetPassword(args: {
  deps: AuthDeps;
  input: { token: string; newPassword: string };
  now: Date;
}): Promise<{ reset: true }> {
  const { deps, input, now } = args;
  // Checked first, so that a weak choice does not use the link up.
  if (passwordStrength(input.newPassword) === 'weak') throw weakPassword();
  const row = await deps.emailTokens.consume(hashEmailToken(input.token), 'reset', now.getTime());
  const user = row && (await deps.auth.findUserById(row.user_id));
  // A link sent to an address the account no longer has is void.
  if (!row || !user || user.email !== row.email) throw invalidLink();
  const reclaimed = user.email_verified !== 1;
  await deps.auth.updateUser(user.id, {
    password_hash: await hashPassword(input.newPassword),
    updated_at: now.getTime(),
    // The mailbox's owner opened the link: the address is theirs, not the registrant's.
    ...(reclaimed ? { email_verified: 1, oidc_subject: null, solana_wallet: null } : {}),
  });
  await deps.auth.revokeAllSessions(user.id, now.getTime());
  await deps.emailTokens.retireForNewPassword(user.id, user.email, now.getTime());
  if (reclaimed) await deps.emailTokens.retire(user.id, 'verify', now.getTime());
  return { reset: true };
}
