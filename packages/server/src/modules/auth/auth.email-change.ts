/**
 * Changing the account's email: the current password confirms the person, and the new address
 * takes effect only when the link mailed to it is opened (auth.verification.ts). Until then the
 * old address stays, so nobody can claim an address (and what trusts it) by typing it. The old
 * address is told at once: a password change or reset cancels the change (auth.recovery.ts), and
 * once it applies the old address gets a "This wasn't me" link (auth.restore.ts).
 */
import { emailChangeRequestedMessage } from '../mail/mail.messages';
import { checkCurrentPassword } from './auth.account';
import type { AuthDeps, Session } from './auth.deps';
import { currentPasswordRequired, passwordNotSet } from './auth.email.errors';
import { emailTaken, wrongCurrentPassword } from './auth.errors';
import { sendVerificationLink } from './auth.verification';

export async function requestEmailChange(args: {
  deps: AuthDeps;
  session: Session;
  input: { email: string; currentPassword?: string; clientIp: string };
  origin: string;
  now: Date;
}): Promise<{ verificationSentTo: string }> {
  const { deps, session, input, origin, now } = args;
  if (!session.user.password_hash) throw passwordNotSet();
  if (!input.currentPassword) throw currentPasswordRequired();
  const { currentPassword, clientIp } = input;
  if (!(await checkCurrentPassword({ deps, session, currentPassword, clientIp, now })))
    throw wrongCurrentPassword();
  if (await deps.auth.findUserByEmail(input.email)) throw emailTaken();
  await sendVerificationLink({
    deps,
    input: { userId: session.user.id, email: input.email, origin },
    now,
  });
  // Not awaited: an old address that no longer receives mail must not keep its owner from
  // moving away from it. The mailer logs a failure.
  deps.mailer
    .send(emailChangeRequestedMessage({ to: session.user.email, newEmail: input.email }))
    .catch(() => {});
  return { verificationSentTo: input.email };
}
