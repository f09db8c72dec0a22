import { SIMPLE_EMAIL_PATTERN } from '@sealdrop/core/email';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { CurrentPasswordField, EmailField } from '../../../components/form/account-fields';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session/session-context';
import { EmailVerificationStatus } from './email-verification-status';
import { FormFeedback } from './form-feedback';
import { useSettingsSave } from './use-settings-save';

/** The fixed "Profile update" fallback, and our confirmation. */
export const EMAIL_MESSAGES = {
  failed: 'Profile update failed',
  // The new address applies only once the link mailed to it is opened.
  sent: (email: string) =>
    `We sent a verification link to ${email}. Your email changes when you open it.`,
} as const;

/**
 * Changes the account email through PUT /auth/profile. The address format is the server's to
 * judge (account field checks are left to it), so the field only shows valid styling.
 */
export function ChangeEmailForm({
  currentEmail,
  emailVerified = false,
  pendingEmail,
}: {
  currentEmail: string;
  emailVerified?: boolean;
  pendingEmail?: string;
}) {
  const { updateProfile } = useSession();
  const titleId = useId();
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const { busy, result, setResult, save } = useSettingsSave();

  const trimmed = email.trim();
  const canSubmit = trimmed !== '' && currentPassword !== '' && !busy;

  // Typing again retires the last outcome: it was about another address.
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    setEmail(event.target.value);
    setResult(null);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    await save(async () => {
      const outcome = await updateProfile({ email: trimmed, currentPassword });
      if (!outcome.success) {
        return { ok: false, message: outcome.serverMessage ?? EMAIL_MESSAGES.failed };
      }
      // The session now holds the user with its pending address, shown under the current one.
      setEmail('');
      setCurrentPassword('');
      return { ok: true, message: EMAIL_MESSAGES.sent(trimmed.toLowerCase()) };
    });
  }

  return (
    <section className="sd-settings__section" aria-labelledby={titleId}>
      <h2 id={titleId}>Email</h2>
      <p className="sd-settings__current">
        Current email: <strong>{currentEmail}</strong>
      </p>
      <EmailVerificationStatus emailVerified={emailVerified} pendingEmail={pendingEmail} />
      <form className="sd-settings__form" onSubmit={handleSubmit} noValidate aria-busy={busy}>
        <EmailField
          label="New email"
          valid={SIMPLE_EMAIL_PATTERN.test(trimmed)}
          value={email}
          onChange={handleChange}
        />
        <CurrentPasswordField
          value={currentPassword}
          onChange={(event) => {
            setCurrentPassword(event.target.value);
            setResult(null);
          }}
        />
        <div>
          <Button type="submit" disabled={!canSubmit} loading={busy}>
            Save email
          </Button>
        </div>
        <FormFeedback result={result} />
      </form>
    </section>
  );
}
