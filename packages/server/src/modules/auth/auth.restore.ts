/**
 * "This wasn't me": once an email change applies, the old address gets a link (7 days) that puts
 * the account back in its hands. Whoever changed the address knew the password (or reset it
 * through the new address), so the link also sets a new password; it ends every session, voids
 * the links mailed to the new address, and unlinks the external sign-in (which could have been
 * linked while the account was in other hands). Restore links are never retired by later ones:
 * if the address moves on again (A → B → C), B's link must not cost A's owner theirs, so using a
 * link voids only the restore links issued after it.
 */
import { passwordStrength } from '@sealdrop/core/password-strength';
import { emailChangedMessage } from '../mail/mail.messages';
import type { AuthDeps } from './auth.deps';
import { invalidLink } from './auth.email.errors';
import { hashEmailToken, issueEmailToken } from './auth.email-tokens';
import { emailTaken, weakPassword } from './auth.errors';
import { hashPassword } from './auth.passwords';

export const RESTORE_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Mails the old address its "This wasn't me" link; a mail failure is only logged (the mailer). */
export async function sendRestoreLink(args: {
  deps: AuthDeps;
  input: { userId: string; oldEmail: string; newEmail: string; origin: string };
  now: Date;
}): Promise<void> {
  const { deps, input, now } = args;
  const token = await issueEmailToken(deps.emailTokens, {
    userId: input.userId,
    purpose: 'restore',
    email: input.oldEmail,
    now,
    ttlMs: RESTORE_LINK_TTL_MS,
    keepOlder: true,
  });
  const link = `${input.origin}/restore-email#token=${token}`;
  const message = emailChangedMessage({ to: input.oldEmail, newEmail: input.newEmail, link });
  deps.mailer.send(message).catch(() => {});
}

export async function restoreEmail(args: {
  deps: AuthDeps;
  input: { token: string; newPassword: string };
  now: Date;
}): Promise<{ restored: true; email: string }> {
  const { deps, input, now } = args;
  const at = now.getTime();
  // Checked first, so that a weak choice does not use the link up.
  if (passwordStrength(input.newPassword) === 'weak') throw weakPassword();
  const row = await deps.emailTokens.consume(hashEmailToken(input.token), 'restore', at);
  const user = row && (await deps.auth.findUserById(row.user_id));
  if (!row || !user) throw invalidLink();
  // The old address was free for anyone to register meanwhile: an account that never proved it
  // gives it back (as a reset link would take it back); a verified one keeps it.
  const holder = await deps.auth.findUserByEmail(row.email);
  if (holder && holder.id !== user.id && !(await deps.accounts.deleteUnverified(holder.id)))
    throw emailTaken();
  await deps.auth.updateUser(user.id, {
    email: row.email,
    email_verified: 1,
    password_hash: await hashPassword(input.newPassword),
    oidc_subject: null,
    updated_at: at,
  });
  await deps.auth.revokeAllSessions(user.id, at);
  await deps.emailTokens.retireForRestore(user.id, row.created_at, at);
  return { restored: true, email: row.email };
}
