import { type ChangeEvent, type FormEvent, useState } from 'react';
import { EmailField, PasswordField } from '../../../components/form/account-fields';
import { FormAlert } from '../../../components/form/form-alert';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session/session-context';
import { ExternalSignInButton } from './external-sign-in-button';

/** Spec §8: what the login modal shows when the server gives no message. */
export const LOGIN_FAILED_MESSAGE = 'Login failed. Please try again.';

interface LoginFormProps {
  onSuccess: () => void;
  onSwitchToRegister: () => void;
  /** Shows the "Forgot password?" button (issue 14) when given. */
  onForgotPassword?: () => void;
}

/** Spec §5 "Login": both fields required; submit disabled while one is empty or a call runs. */
export function LoginForm({ onSuccess, onSwitchToRegister, onForgotPassword }: LoginFormProps) {
  const { login } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canSubmit = email.trim() !== '' && password !== '' && !busy;

  // Editing a field retires the previous error: it described the old values.
  const edit = (setValue: (value: string) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    setValue(event.target.value);
    setError(null);
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    setBusy(true);
    setError(null);
    const outcome = await login({ email: email.trim(), password });
    if (outcome.success) {
      onSuccess();
      return;
    }
    setBusy(false);
    setError(outcome.serverMessage ?? LOGIN_FAILED_MESSAGE);
  }

  return (
    <form className="sd-auth-form" onSubmit={handleSubmit} noValidate aria-busy={busy}>
      <ExternalSignInButton />
      <EmailField value={email} onChange={edit(setEmail)} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={edit(setPassword)}
      />
      {onForgotPassword ? (
        <p className="sd-auth-form__forgot">
          <button type="button" className="sd-link-button" onClick={onForgotPassword}>
            Forgot password?
          </button>
        </p>
      ) : null}
      <FormAlert message={error} />
      <Button type="submit" block disabled={!canSubmit} loading={busy}>
        Log In
      </Button>
      <p className="sd-auth-form__switch">
        Don't have an account?{' '}
        <button type="button" className="sd-link-button" onClick={onSwitchToRegister}>
          Sign Up
        </button>
      </p>
    </form>
  );
}
