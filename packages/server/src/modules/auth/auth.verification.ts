/**
 * Email verification: a mailed single-use link proves an address. An email change is stored only
 * as a pending link and applied when the link to the new address is opened; the old address then
 * gets a "This wasn't me" link (auth.restore.ts).
 */
import type { PublicUser } from '@sealdrop/core/api-auth-schemas';
import { verificationMessage } from '../mail/mail.messages';
import { publicUser } from './auth.account';
import type { AuthDeps, Session } from './auth.deps';
import { alreadyVerified, invalidLink, mailCooldown } from './auth.email.errors';
import { hashEmailToken, issueEmailToken } from './auth.email-tokens';
import { emailTaken } from './auth.errors';
import type { UserRow } from './auth.repository';
import { sendRestoreLink } from './auth.restore';

export const VERIFY_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** One mail per account and purpose per minute: the per-IP limit alone would let one address be flooded. */
export const MAIL_COOLDOWN_MS = 60 * 1000;

/** Stores a fresh link for `email` (retiring older ones) and mails it; mail errors are thrown. */
export async function sendVerificationLink(args: {
  deps: AuthDeps;
  input: { userId: string; email: string; origin: string };
  now: Date;
}): Promise<void> {
  const { deps, input, now } = args;
  const token = await issueEmailToken(deps.emailTokens, {
    userId: input.userId,
    purpose: 'verify',
    email: input.email,
    now,
    ttlMs: VERIFY_LINK_TTL_MS,
  });
  // In the fragment: browsers never send it, so the token reaches no server or proxy log.
  const link = `${input.origin}/verify-email#token=${token}`;
  await deps.mailer.send(verificationMessage({ to: input.email, link }));
}

/** Opens a verification link: marks the address verified, or applies a pending email change. */
export async function verifyEmail(args: {
  deps: AuthDeps;
  /** `origin`: where the old address's "This wasn't me" link points. */
  input: { token: string; origin: string };
  now: Date;
}): Promise<{ user: PublicUser }> {
  const { deps, input, now } = args;
  const row = await deps.emailTokens.consume(hashEmailToken(input.token), 'verify', now.getTime());
  const user = row && (await deps.auth.findUserById(row.user_id));
  if (!row || !user) throw invalidLink();
  if (row.email !== user.email) {
    await applyEmailChange(deps, user, row.email, now);
    // Links for the old address (a reset, say) must not outlive it.
    await deps.emailTokens.retire(user.id, 'reset', now.getTime());
    await sendRestoreLink({
      deps,
      input: { userId: user.id, oldEmail: user.email, newEmail: row.email, origin: input.origin },
      now,
    });
  } else {
    await deps.auth.updateUser(user.id, { email_verified: 1, updated_at: now.getTime() });
  }
  const updated = (await deps.auth.findUserById(user.id)) ?? user;
  return { user: await publicUser({ deps, input: { user: updated }, now }) };
}

async function applyEmailChange(deps: AuthDeps, user: UserRow, email: string, now: Date) {
  // Someone may have registered the address while the link sat in the inbox.
  const holder = await deps.auth.findUserByEmail(email);
  if (holder && holder.id !== user.id) throw emailTaken();
  try {
    await deps.auth.updateUser(user.id, { email, email_verified: 1, updated_at: now.getTime() });
  } catch (error) {
    if (await deps.auth.findUserByEmail(email)) throw emailTaken();
    throw error;
  }
}

/** Sends a fresh link: to the pending new address if there is one, else to an unverified one. */
export async function resendVerification(args: {
  deps: AuthDeps;
  session: Session;
  origin: string;
  now: Date;
}): Promise<{ sent: true; email: string }> {
  const { deps, session, origin, now } = args;
  const { user } = session;
  const pending = await deps.emailTokens.pendingEmail(user.id, user.email, now.getTime());
  const email = pending ?? (user.email_verified === 1 ? undefined : user.email);
  if (!email) throw alreadyVerified();
  const last = await deps.emailTokens.lastIssuedAt(user.id, 'verify');
  if (now.getTime() - last < MAIL_COOLDOWN_MS) throw mailCooldown();
  await sendVerificationLink({ deps, input: { userId: user.id, email, origin }, now });
  return { sent: true, email };
}
