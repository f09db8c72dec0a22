import { HomePage } from '../features/upload/components/home-page';
import { useLinkLimits } from '../lib/public-config';
import { useSession } from '../lib/session/session-context';

/**
 * Home with the signed-in user's premium status (account tier or linked wallet) and the link
 * limits the server's configuration sets. Its uploads, and the reward each earns, belong to the
 * app's SessionTransfers (session-transfers.tsx).
 */
export function SessionHomePage() {
  const { user } = useSession();
  const limits = useLinkLimits();
  return <HomePage isPremium={user?.isPremium ?? false} limits={limits} />;
}
