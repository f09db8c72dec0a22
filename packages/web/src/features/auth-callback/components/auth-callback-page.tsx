import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { AlertIcon, CheckIcon } from '../../../components/ui/icons';
import { MessagePanel } from '../../../components/ui/message-panel';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../components/ui/use-document-title';
import { AUTH_TOKEN_KEY } from '../../../lib/api-client';
import { type CallbackOutcome, completeSignIn, discardSignIn } from '../complete-sign-in';
import './auth-callback.css';

/** Back to the homepage 1.5 s after success, 3 s after a failure. */
export const SUCCESS_REDIRECT_MS = 1500;
export const ERROR_REDIRECT_MS = 3000;

export interface AuthCallbackPageProps {
  /** Called with the new token once it is stored, so a session layer can load the user. */
  onToken?: (token: string) => void;
}

/**
 * /auth/callback — where external sign-in lands: ?success=true (the session is fetched with the
 * login cookie) or ?success=false&error=…. An existing session of another account is never
 * replaced without asking.
 */
export function AuthCallbackPage({ onToken }: AuthCallbackPageProps) {
  useDocumentTitle('Signing in');
  const location = useLocation();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<CallbackOutcome | null>(null);
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  });
  // The router still remembers the original query after the address bar has been cleaned.
  const search = location.search || window.location.search;
  // The login code works once: StrictMode's second effect run must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void completeSignIn(search).then((result) => {
      setOutcome(result);
      if (result.kind === 'success') onTokenRef.current?.(result.result.token);
    });
  }, [search]);

  useEffect(() => {
    if (!outcome || outcome.kind === 'switch') return;
    const delay = outcome.kind === 'success' ? SUCCESS_REDIRECT_MS : ERROR_REDIRECT_MS;
    const timer = setTimeout(() => navigate('/', { replace: true }), delay);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  if (outcome?.kind === 'switch') {
    const { result, current } = outcome;
    const switchAccount = () => {
      localStorage.setItem(AUTH_TOKEN_KEY, result.token);
      onTokenRef.current?.(result.token);
      setOutcome({ kind: 'success', result });
    };
    const stay = async () => {
      await discardSignIn(result);
      navigate('/', { replace: true });
    };
    return (
      <main>
        <MessagePanel icon={<AlertIcon size={28} />} title="Switch account?">
          <p>
            You are signed in as {current.email}. Continue as {result.user.email}?
          </p>
          <div className="sd-auth-callback__actions">
            <Button onClick={switchAccount}>Continue as {result.user.email}</Button>
            <Button variant="secondary" onClick={() => void stay()}>
              Stay signed in as {current.email}
            </Button>
          </div>
        </MessagePanel>
      </main>
    );
  }
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
  if (outcome.kind === 'switch') return null;
  return (
    <MessagePanel icon={<AlertIcon size={28} />} tone="error" title="Sign-in did not complete">
      <p role="alert">{outcome.message}</p>
      {outcome.detail ? <p>{outcome.detail}</p> : null}
      <p>Taking you back to the homepage...</p>
    </MessagePanel>
  );
}
