import { type FormEvent, useState } from 'react';
import { EmailField, PasswordField } from '../../../components/form/account-fields';
import { FormAlert } from '../../../components/form/form-alert';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session/session-context';
import { ExternalSignInButton } from './external-sign-in-button';
import { useAuthSubmit } from './use-auth-submit';

/** What the login modal shows when the server gives no message. */
export const LOGIN_FAILED_MESSAGE = 'Login failed. Please try again.';

interface LoginFormProps {
  onSuccess: () => void;
  onSwitchToRegister: () => void;
  /** Shows the "Forgot password?" button when given. */
  onForgotPassword?: () => void;
}

/** Both fields required; submit disabled while one is empty or a call runs. */
export function LoginForm({ onSuccess, onSwitchToRegister, onForgotPassword }: LoginFormProps) {
  const { login } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, edit, submit } = useAuthSubmit(LOGIN_FAILED_MESSAGE);
  const canSubmit = email.trim() !== '' && password !== '' && !busy;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (canSubmit) void submit(() => login({ email: email.trim(), password }), onSuccess);
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
