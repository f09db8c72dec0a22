import type { PublicUser } from '@sealdrop/core/api-auth-schemas';
import { type ReactNode, useState } from 'react';
import type { AuthMode, RenderAuthDialog } from '../../../components/layout/layout.types';
import { Button } from '../../../components/ui/button';
import { MessagePanel } from '../../../components/ui/message-panel';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session/session-context';

interface AccountGateProps {
  /** What the visitor would see once signed in, for the prompt ("your files"). */
  subject: string;
  /** The login/register dialog, which the auth feature provides through src/app. */
  renderAuthDialog: RenderAuthDialog;
  children: (user: PublicUser) => ReactNode;
}

/** Account pages: a spinner while the session loads, a log-in prompt for a guest, else the page. */
export function AccountGate({ subject, renderAuthDialog, children }: AccountGateProps) {
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
      {renderAuthDialog({
        mode: authMode,
        onModeChange: setAuthMode,
        onClose: () => setAuthMode(null),
      })}
    </>
  );
}
