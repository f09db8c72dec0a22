import { useSession } from '../features/auth/session/session-context';
import { HomePage } from '../features/upload/components/home-page';

/** Home with the signed-in user's premium status (account tier or linked wallet, DESIGN §1). */
export function SessionHomePage() {
  const { user } = useSession();
  return <HomePage isPremium={user?.isPremium ?? false} />;
}
