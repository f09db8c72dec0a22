import { passwordStrength, WEAK_PASSWORD_MESSAGE } from '@sealdrop/core/password-strength';
import { type FormEvent, type ReactNode, useState } from 'react';
import { NewPasswordField } from '../../../components/form/account-fields';
import { FormAlert } from '../../../components/form/form-alert';
import type { AuthMode } from '../../../components/layout/layout.types';
import { Button } from '../../../components/ui/button';
import { AlertIcon, CheckIcon } from '../../../components/ui/icons';
import { MessagePanel } from '../../../components/ui/message-panel';
import { useDocumentTitle } from '../../../components/ui/use-document-title';
import { serverMessageOf } from '../../../lib/server-message';
import { resetPassword } from '../../../lib/session/email-links';
import { AuthDialog } from './auth-dialog';
import { takeLinkToken } from './link-token';
import './auth-form.css';

export const RESET_MESSAGES = {
  missing:
    'This page opens from the link in your password-reset email. Open that link again, or ask for a new one with "Forgot password?" in the login window.',
  done: 'Your password was changed and every device was signed out. Log in with your new password.',
  failed: 'Password reset failed. Please try again.',
} as const;

/** /reset-password#token=… — choose a new password from the mailed link (issue 14). */
export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  // Read once, then gone from the address bar; kept in state for the form's submit.
  const [token] = useState(takeLinkToken);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [authMode, setAuthMode] = useState<AuthMode | null>(null);
  const weak = passwordStrength(password) === 'weak';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token || busy) return;
    if (weak) return setError(WEAK_PASSWORD_MESSAGE);
    setBusy(true);
    setError(null);
    try {
      await resetPassword({ token, newPassword: password });
      setDone(true);
    } catch (failure) {
      setError(serverMessageOf(failure) ?? RESET_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  }

  let content: ReactNode;
  if (!token) {
    content = (
      <MessagePanel icon={<AlertIcon size={28} />} tone="error" title="Reset link missing">
        <p role="alert">{RESET_MESSAGES.missing}</p>
      </MessagePanel>
    );
  } else if (done) {
    content = (
      <MessagePanel icon={<CheckIcon size={28} />} tone="success" title="Password changed">
        <p role="status">{RESET_MESSAGES.done}</p>
        <Button onClick={() => setAuthMode('login')}>Log In</Button>
      </MessagePanel>
    );
  } else {
    content = (
      <MessagePanel title="Choose a new password">
        <form className="sd-auth-form" onSubmit={handleSubmit} noValidate aria-busy={busy}>
          <NewPasswordField
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(null);
            }}
          />
          <FormAlert message={error} />
          <Button type="submit" block disabled={password === '' || weak || busy} loading={busy}>
            Set new password
          </Button>
        </form>
      </MessagePanel>
    );
  }
  return (
    <main className="sd-container">
      {content}
      <AuthDialog mode={authMode} onModeChange={setAuthMode} onClose={() => setAuthMode(null)} />
    </main>
  );
}
