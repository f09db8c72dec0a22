import { HomePage } from '../features/upload/components/home-page';
import { useSession } from '../lib/session/session-context';

/**
 * Home with the signed-in user's premium status (account tier or linked wallet). Its
 * uploads, and the reward each earns, belong to the app's SessionTransfers (session-transfers.tsx).
 */
export function SessionHomePage() {
  const { user } = useSession();
  return <HomePage isPremium={user?.isPremium ?? false} />;
}
