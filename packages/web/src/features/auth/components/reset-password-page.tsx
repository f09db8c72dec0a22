import { resetPassword } from '../../../lib/session/email-links';
import { MailedPasswordPage } from './mailed-password-page';

export const RESET_MESSAGES = {
  missing:
    'This page opens from the link in your password-reset email. Open that link again, or ask for a new one with "Forgot password?" in the login window.',
  done: 'Your password was changed and every device was signed out. Log in with your new password.',
  failed: 'Password reset failed. Please try again.',
} as const;

const TEXTS = {
  documentTitle: 'Reset password',
  formTitle: 'Choose a new password',
  missingTitle: 'Reset link missing',
  missing: RESET_MESSAGES.missing,
  doneTitle: 'Password changed',
  failed: RESET_MESSAGES.failed,
};

/** /reset-password#token=… — choose a new password from the mailed link. */
export function ResetPasswordPage() {
  return (
    <MailedPasswordPage
      texts={TEXTS}
      submit={async (input) => {
        await resetPassword(input);
        return RESET_MESSAGES.done;
      }}
    />
  );
}
