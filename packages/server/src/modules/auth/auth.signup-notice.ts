/**
 * Registration of an address that already has an account keeps its answer (the address is
 * taken: signing up stays one step, and the login lockout, not registration, guards passwords),
 * but the address's owner is told, with a link to reset the password. For an unverified account
 * that link is also how the real owner takes a squatted address back (auth.recovery.ts). At most
 * one such mail per account per hour (docs/reliability.md), so registration cannot flood an
 * address. Never awaited by the request: its answer must not take longer when an account exists.
 */
import { signupAttemptMessage } from '../mail/mail.messages';
import type { AuthDeps } from './auth.deps';
import { newResetLink } from './auth.recovery';
import type { UserRow } from './auth.repository';

export const SIGNUP_NOTICE_COOLDOWN_MS = 60 * 60 * 1000;

export function noticeSignupAttempt(args: {
  deps: AuthDeps;
  input: { user: UserRow; origin: string };
  now: Date;
}): void {
  const { deps, input, now } = args;
  const send = async () => {
    const claimed = await deps.notices.claim({
      userId: input.user.id,
      kind: 'signup-attempt',
      now: now.getTime(),
      cooldownMs: SIGNUP_NOTICE_COOLDOWN_MS,
    });
    if (!claimed) return;
    const link = await newResetLink(deps, input.user, input.origin, now);
    await deps.mailer.send(signupAttemptMessage({ to: input.user.email, link }));
  };
  // The mailer logs a failure; a database error here must not reach the request either.
  send().catch(() => {});
}
