import { restoreEmail } from '../../../lib/session/email-links';
import { MailedPasswordPage } from './mailed-password-page';

export const RESTORE_MESSAGES = {
  missing:
    'This page opens from the "This wasn\'t me" link in the email that told you your address was changed. Open that link again; it works for 7 days.',
  done: (email: string) =>
    `Your account's email address is ${email} again. Your password was changed and every device was signed out. Log in with your new password.`,
  failed: 'Restoring your email address failed. Please try again.',
} as const;

const TEXTS = {
  documentTitle: "This wasn't me",
  formTitle: "This wasn't me: take your account back with a new password",
  missingTitle: 'Link missing',
  missing: RESTORE_MESSAGES.missing,
  doneTitle: 'Email address restored',
  failed: RESTORE_MESSAGES.failed,
};

/**
 * /restore-email#token=… — the old address's "This wasn't me" link after an email change: puts
 * that address back with a new password (whoever changed it knew the old one) and signs out
 * every device.
 */
export function RestoreEmailPage() {
  return (
    <MailedPasswordPage
      texts={TEXTS}
      submit={async (input) => RESTORE_MESSAGES.done((await restoreEmail(input)).email)}
    />
  );
}
