import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AlertIcon, CheckIcon } from '../../../components/ui/icons';
import { MessagePanel } from '../../../components/ui/message-panel';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../components/ui/use-document-title';
import { serverMessageOf } from '../../../lib/server-message';
import { verifyEmail } from '../../../lib/session/email-links';
import { useSession } from '../../../lib/session/session-context';
import { takeLinkToken } from './link-token';

export const VERIFY_MESSAGES = {
  working: 'Verifying your email address...',
  done: (email: string) => `${email} is verified.`,
  missing:
    'This page opens from the link in your verification email. Open that link again, or send a new one from your account settings.',
  failed: 'Verification failed. Please try again.',
} as const;

type State =
  | { kind: 'working' }
  | { kind: 'done'; email: string }
  | { kind: 'error'; message: string };

/** /verify-email#token=… — the link mailed at registration or for a new address. */
export function VerifyEmailPage() {
  useDocumentTitle('Verify email');
  const { reloadUser, token: sessionToken } = useSession();
  const [state, setState] = useState<State>({ kind: 'working' });
  const after = useRef({ reloadUser, signedIn: sessionToken !== null });
  // A link works once: StrictMode's second effect run must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = takeLinkToken();
    if (!token) {
      setState({ kind: 'error', message: VERIFY_MESSAGES.missing });
      return;
    }
    verifyEmail(token)
      .then(({ user }) => {
        setState({ kind: 'done', email: user.email });
        // A signed-in tab shows the verified (or newly applied) address at once.
        if (after.current.signedIn) void after.current.reloadUser();
      })
      .catch((error: unknown) =>
        setState({ kind: 'error', message: serverMessageOf(error) ?? VERIFY_MESSAGES.failed }),
      );
  }, []);

  return <main className="sd-container">{render(state)}</main>;
}

function render(state: State) {
  if (state.kind === 'working') {
    return (
      <MessagePanel icon={<Spinner size="lg" />}>
        <p role="status">{VERIFY_MESSAGES.working}</p>
      </MessagePanel>
    );
  }
  if (state.kind === 'done') {
    return (
      <MessagePanel icon={<CheckIcon size={28} />} tone="success" title="Email verified">
        <p role="status">{VERIFY_MESSAGES.done(state.email)}</p>
        <p>
          <Link to="/account/settings">Go to your account settings</Link>
        </p>
      </MessagePanel>
    );
  }
  return (
    <MessagePanel icon={<AlertIcon size={28} />} tone="error" title="Email not verified">
      <p role="alert">{state.message}</p>
      <p>
        <Link to="/account/settings">Go to your account settings</Link>
      </p>
    </MessagePanel>
  );
}
