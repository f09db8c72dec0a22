import type { PublicUser } from '@sealdrop/core/api-auth-schemas';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { MessagePanel } from '../../../components/ui/message-panel';
import { Spinner } from '../../../components/ui/spinner';
import { AuthDialog } from '../../auth/components/auth-dialog';
import { useSession } from '../../auth/session/session-context';
import type { AuthMode } from '../../layout/layout.types';

interface AccountGateProps {
  /** What the visitor would see once signed in, for the prompt ("your files"). */
  subject: string;
  children: (user: PublicUser) => ReactNode;
}

/** Account pages: a spinner while the session loads, a log-in prompt for a guest, else the page. */
export function AccountGate({ subject, children }: AccountGateProps) {
  const { user, loading } = useSession();
  const [authMode, setAuthMode] = useState<AuthMode | null>(null);
  if (loading) {
    return (
      <MessagePanel icon={<Spinner size="lg" />}>
        <p role="status">Loading your account...</p>
      </MessagePanel>
    );
  }
  if (user) return children(user);
  return (
    <>
      <div className="sd-account-prompt">
        <p>Log in to see {subject}.</p>
        <div className="sd-account-prompt__actions">
          <Button onClick={() => setAuthMode('login')}>Log in to continue</Button>
          <Button variant="secondary" onClick={() => setAuthMode('register')}>
            Create an account
          </Button>
        </div>
      </div>
      <AuthDialog mode={authMode} onModeChange={setAuthMode} onClose={() => setAuthMode(null)} />
    </>
  );
}
