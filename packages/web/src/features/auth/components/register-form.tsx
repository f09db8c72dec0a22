import { SIMPLE_EMAIL_PATTERN } from '@sealdrop/core/email';
import { passwordStrength, WEAK_PASSWORD_MESSAGE } from '@sealdrop/core/password-strength';
import { type FormEvent, useState } from 'react';
import { EmailField, PasswordField } from '../../../components/form/account-fields';
import { FormAlert } from '../../../components/form/form-alert';
import { PasswordStrengthMeter } from '../../../components/form/password-strength-meter';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session/session-context';
import { ExternalSignInButton } from './external-sign-in-button';
import { useAuthSubmit } from './use-auth-submit';

/** Fixed product texts, word for word. */
export const REGISTER_MESSAGES = {
  mismatch: 'Passwords do not match',
  match: 'Passwords match',
  weak: WEAK_PASSWORD_MESSAGE,
  required: 'Please fill in all fields.',
  failed: 'Registration failed. Please try again.',
} as const;

interface RegisterFormProps {
  onSuccess: () => void;
  onSwitchToLogin: () => void;
}

/** Submit only with every field filled, matching and not-weak passwords. */
export function RegisterForm({ onSuccess, onSwitchToLogin }: RegisterFormProps) {
  const { register } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { busy, error, setError, edit, submit } = useAuthSubmit(REGISTER_MESSAGES.failed);

  const filled = email.trim() !== '' && password !== '' && confirmPassword !== '';
  const matches = password === confirmPassword;
  const weak = passwordStrength(password) === 'weak';
  const canSubmit = filled && matches && !weak && !busy;

  function validate(): string | null {
    if (!filled) return REGISTER_MESSAGES.required;
    if (!matches) return REGISTER_MESSAGES.mismatch;
    if (weak) return REGISTER_MESSAGES.weak;
    return null;
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = validate();
    setError(problem);
    if (!problem) void submit(() => register({ email: email.trim(), password }), onSuccess);
  }

  // The mismatch hint already says what a mismatch error would say: show it once, as the alert.
  const showMatchHint = confirmPassword !== '';
  const errorIsHint = showMatchHint && error === REGISTER_MESSAGES.mismatch && !matches;
  const matchHint = showMatchHint ? (
    <p
      className={matches ? 'sd-match-hint sd-match-hint--ok' : 'sd-match-hint sd-match-hint--error'}
      role={errorIsHint ? 'alert' : undefined}
    >
      {matches ? REGISTER_MESSAGES.match : REGISTER_MESSAGES.mismatch}
    </p>
  ) : undefined;

  return (
    <form className="sd-auth-form" onSubmit={handleSubmit} noValidate aria-busy={busy}>
      <ExternalSignInButton />
      <EmailField
        valid={SIMPLE_EMAIL_PATTERN.test(email.trim())}
        value={email}
        onChange={edit(setEmail)}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={edit(setPassword)}
        hint={<PasswordStrengthMeter password={password} />}
      />
      <PasswordField
        label="Confirm Password"
        name="confirmPassword"
        autoComplete="new-password"
        valid={showMatchHint && matches}
        value={confirmPassword}
        onChange={edit(setConfirmPassword)}
        hint={matchHint}
      />
      <FormAlert message={errorIsHint ? null : error} />
      <Button type="submit" block disabled={!canSubmit} loading={busy}>
        Sign Up
      </Button>
      <p className="sd-auth-form__switch">
        Already have an account?{' '}
        <button type="button" className="sd-link-button" onClick={onSwitchToLogin}>
          Log In
        </button>
      </p>
    </form>
  );
}
