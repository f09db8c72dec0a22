import { SIMPLE_EMAIL_PATTERN } from '@sealdrop/core/email';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../auth/components/form-field';
import { useSession } from '../../auth/session/session-context';
import { FormFeedback } from './form-feedback';

/** Spec §8 "Profile update" fallback, and our confirmation. */
export const EMAIL_MESSAGES = {
  failed: 'Profile update failed',
  updated: 'Your email was updated.',
} as const;

/**
 * Changes the account email through PUT /auth/profile. The address format is the server's to
 * judge (spec §5: account field checks are left to it), so the field only shows valid styling.
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const { updateProfile } = useSession();
  const titleId = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const trimmed = email.trim();
  const canSubmit = trimmed !== '' && !busy;

  // Typing again retires the last outcome: it was about another address.
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    setEmail(event.target.value);
    setResult(null);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    setBusy(true);
    setResult(null);
    const outcome = await updateProfile({ email: trimmed });
    setBusy(false);
    if (outcome.success) {
      // The session now holds the new user, so the current address above already shows it.
      setEmail('');
      setResult({ ok: true, message: EMAIL_MESSAGES.updated });
    } else {
      setResult({ ok: false, message: outcome.serverMessage ?? EMAIL_MESSAGES.failed });
    }
  }

  return (
    <section className="sd-settings__section" aria-labelledby={titleId}>
      <h2 id={titleId}>Email</h2>
      <p className="sd-settings__current">
        Current email: <strong>{currentEmail}</strong>
      </p>
      <form className="sd-settings__form" onSubmit={handleSubmit} noValidate aria-busy={busy}>
        <FormField
          label="New email"
          type="email"
          name="email"
          autoComplete="email"
          required
          valid={SIMPLE_EMAIL_PATTERN.test(trimmed)}
          value={email}
          onChange={handleChange}
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
