import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AlertIcon, CheckIcon } from '../../../components/ui/icons';
import { MessagePanel } from '../../../components/ui/message-panel';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../components/ui/use-document-title';
import { type CallbackOutcome, completeSignIn } from '../complete-sign-in';

/** Spec §9: back to the homepage 1.5 s after success, 3 s after a failure. */
export const SUCCESS_REDIRECT_MS = 1500;
export const ERROR_REDIRECT_MS = 3000;

export interface AuthCallbackPageProps {
  /** Called with the new token once it is stored, so a session layer can load the user. */
  onToken?: (token: string) => void;
}

/** /auth/callback — where external sign-in lands: ?token=…&success=true or ?success=false&error=…. */
export function AuthCallbackPage({ onToken }: AuthCallbackPageProps) {
  useDocumentTitle('Signing in');
  const location = useLocation();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<CallbackOutcome | null>(null);
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  });
  // The router still remembers the original query after the address bar has been cleaned, so a
  // second run of the effect (StrictMode) reaches the same outcome.
  const search = location.search || window.location.search;

  useEffect(() => {
    const result = completeSignIn(search);
    setOutcome(result);
    if (result.kind === 'success') onTokenRef.current?.(result.token);
    const delay = result.kind === 'success' ? SUCCESS_REDIRECT_MS : ERROR_REDIRECT_MS;
    const timer = setTimeout(() => navigate('/', { replace: true }), delay);
    return () => clearTimeout(timer);
  }, [search, navigate]);

  return <main>{renderOutcome(outcome)}</main>;
}

function renderOutcome(outcome: CallbackOutcome | null) {
  if (!outcome) {
    return (
      <MessagePanel icon={<Spinner size="lg" />}>
        <p role="status">Completing sign-in...</p>
      </MessagePanel>
    );
  }
  if (outcome.kind === 'success') {
    return (
      <MessagePanel icon={<CheckIcon size={28} />} tone="success" title="You're signed in">
        <p role="status">Signed in successfully. Taking you to the homepage...</p>
      </MessagePanel>
    );
  }
  return (
    <MessagePanel icon={<AlertIcon size={28} />} tone="error" title="Sign-in did not complete">
      <p role="alert">{outcome.message}</p>
      <p>Taking you back to the homepage...</p>
    </MessagePanel>
  );
}
