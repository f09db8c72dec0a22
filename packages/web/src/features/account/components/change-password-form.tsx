import { passwordStrength } from '@sealdrop/core/password-strength';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import {
  CurrentPasswordField,
  NewPasswordField,
  PasswordField,
} from '../../../components/form/account-fields';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session/session-context';
import { FormFeedback } from './form-feedback';
import { useSettingsSave } from './use-settings-save';

/** The register form's hints and the fixed "Change password" fallback; the rest is ours. */
export const PASSWORD_MESSAGES = {
  match: 'Passwords match',
  mismatch: 'Passwords do not match',
  failed: 'Password change failed',
  changed: 'Password changed. Other devices were signed out.',
  // The server revokes every other session on success: say so before the user commits.
  notice: 'Changing your password signs you out on all your other devices.',
} as const;

const EMPTY = { current: '', next: '', confirm: '' };
type Fields = typeof EMPTY;

/**
 * POST /auth/change-password. The new password follows the register rules: submit
 * only with every field filled, the two new passwords matching and the new one not weak.
 */
export function ChangePasswordForm() {
  const { changePassword } = useSession();
  const ids = useId();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const { busy, result, setResult, save } = useSettingsSave();

  const filled = fields.current !== '' && fields.next !== '' && fields.confirm !== '';
  const matches = fields.next === fields.confirm;
  const weak = passwordStrength(fields.next) === 'weak';
  const canSubmit = filled && matches && !weak && !busy;

  // Editing retires the last outcome: it described the old values.
  const edit = (key: keyof Fields) => (event: ChangeEvent<HTMLInputElement>) => {
    setFields((current) => ({ ...current, [key]: event.target.value }));
    setResult(null);
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    await save(async () => {
      const outcome = await changePassword({
        currentPassword: fields.current,
        newPassword: fields.next,
      });
      if (!outcome.success) {
        return { ok: false, message: outcome.serverMessage ?? PASSWORD_MESSAGES.failed };
      }
      // Passwords should not linger in the page once they have done their job.
      setFields(EMPTY);
      return { ok: true, message: PASSWORD_MESSAGES.changed };
    });
  }

  const matchHint =
    fields.confirm !== '' ? (
      <p className={`sd-match-hint sd-match-hint--${matches ? 'ok' : 'error'}`}>
        {matches ? PASSWORD_MESSAGES.match : PASSWORD_MESSAGES.mismatch}
      </p>
    ) : undefined;

  return (
    <section className="sd-settings__section" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Password</h2>
      <p className="sd-settings__note" id={`${ids}-note`}>
        {PASSWORD_MESSAGES.notice}
      </p>
      <form
        className="sd-settings__form"
        onSubmit={handleSubmit}
        noValidate
        aria-busy={busy}
        aria-describedby={`${ids}-note`}
      >
        <CurrentPasswordField value={fields.current} onChange={edit('current')} />
        <NewPasswordField value={fields.next} onChange={edit('next')} />
        <PasswordField
          label="Confirm new password"
          name="confirmPassword"
          autoComplete="new-password"
          valid={fields.confirm !== '' && matches}
          value={fields.confirm}
          onChange={edit('confirm')}
          hint={matchHint}
        />
        <div>
          <Button type="submit" disabled={!canSubmit} loading={busy}>
            Change password
          </Button>
        </div>
        <FormFeedback result={result} />
      </form>
    </section>
  );
}
