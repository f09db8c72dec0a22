import { AuthCallbackPage } from '../features/auth-callback/components/auth-callback-page';
import { useSession } from '../lib/session/session-context';

/** /auth/callback wired to the session: the stored token is turned into a signed-in user. */
export function SessionAuthCallbackPage() {
  const { adoptToken } = useSession();
  return <AuthCallbackPage onToken={adoptToken} />;
}
