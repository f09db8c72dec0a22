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
import { AuthDialog } from './auth-dialog';
import { takeLinkToken } from './link-token';
import './auth-form.css';

export interface MailedPasswordTexts {
  documentTitle: string;
  formTitle: string;
  missingTitle: string;
  /** Shown when the page opens without its `#token=…`. */
  missing: string;
  doneTitle: string;
  failed: string;
}

/**
 * A page opened from a mailed link that ends in choosing a new password (a reset, or "This wasn't
 * me" after an email change): reads the token from the fragment, asks for the password with the
 * strength meter, and shows what `submit` answers, then offers to log in.
 */
export function MailedPasswordPage({
  texts,
  submit,
}: {
  texts: MailedPasswordTexts;
  /** Sends the token and the new password; resolves with the confirmation to show. */
  submit: (input: { token: string; newPassword: string }) => Promise<string>;
}) {
  useDocumentTitle(texts.documentTitle);
  // Read once, then gone from the address bar; kept in state for the form's submit.
  const [token] = useState(takeLinkToken);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
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
      setDone(await submit({ token, newPassword: password }));
    } catch (failure) {
      setError(serverMessageOf(failure) ?? texts.failed);
    } finally {
      setBusy(false);
    }
  }

  let content: ReactNode;
  if (!token) {
    content = (
      <MessagePanel icon={<AlertIcon size={28} />} tone="error" title={texts.missingTitle}>
        <p role="alert">{texts.missing}</p>
      </MessagePanel>
    );
  } else if (done !== null) {
    content = (
      <MessagePanel icon={<CheckIcon size={28} />} tone="success" title={texts.doneTitle}>
        <p role="status">{done}</p>
        <Button onClick={() => setAuthMode('login')}>Log In</Button>
      </MessagePanel>
    );
  } else {
    content = (
      <MessagePanel title={texts.formTitle}>
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
