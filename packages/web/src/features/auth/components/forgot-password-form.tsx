import { SIMPLE_EMAIL_PATTERN } from '@sealdrop/core/email';
import { type FormEvent, useState } from 'react';
import { EmailField } from '../../../components/form/account-fields';
import { FormAlert } from '../../../components/form/form-alert';
import { Button } from '../../../components/ui/button';
import { serverMessageOf } from '../../../lib/server-message';
import { requestPasswordReset } from '../../../lib/session/email-links';

export const FORGOT_MESSAGES = {
  intro: "Enter your account's email address and we will send you a link to choose a new password.",
  // The same words whether or not an account exists: the form must not reveal who has one.
  sent: 'If an account exists for this address, we sent it a link to reset the password. The link works once, for 1 hour.',
  failed: 'Could not send the reset link. Please try again.',
} as const;

/** "Forgot password?" in the login modal: asks for the email, then confirms neutrally. */
export function ForgotPasswordForm({ onBackToLogin }: { onBackToLogin: () => void }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const trimmed = email.trim();
  const canSubmit = trimmed !== '' && !busy;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    setBusy(true);
    setError(null);
    try {
      await requestPasswordReset(trimmed);
      setSent(true);
    } catch (failure) {
      setError(serverMessageOf(failure) ?? FORGOT_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  }

  const back = (
    <p className="sd-auth-form__switch">
      <button type="button" className="sd-link-button" onClick={onBackToLogin}>
        Back to Log In
      </button>
    </p>
  );
  if (sent) {
    return (
      <div className="sd-auth-form">
        <p role="status">{FORGOT_MESSAGES.sent}</p>
        {back}
      </div>
    );
  }
  return (
    <form className="sd-auth-form" onSubmit={handleSubmit} noValidate aria-busy={busy}>
      <p>{FORGOT_MESSAGES.intro}</p>
      <EmailField
        valid={SIMPLE_EMAIL_PATTERN.test(trimmed)}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(null);
        }}
      />
      <FormAlert message={error} />
      <Button type="submit" block disabled={!canSubmit} loading={busy}>
        Send reset link
      </Button>
      {back}
    </form>
  );
}
