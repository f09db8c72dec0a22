import { RootLayout } from '../../layout/components/root-layout';
import type { RootLayoutProps } from '../../layout/layout.types';
import { WalletControl } from '../../wallet/components/wallet-control';
import { WalletProvider } from '../../wallet/state/wallet-provider';
import { useSession } from '../session/session-context';
import { AuthDialog } from './auth-dialog';

/**
 * Links for a signed-in user, shown beside the avatar and in the mobile menu. Only one, so the
 * bar still fits at tablet widths; the account pages link to each other (Balance).
 */
export const ACCOUNT_LINKS = [{ to: '/account/files', label: 'My files' }] as const;

/**
 * The root layout with the session plugged in: the account (avatar, Logout), the auth modal and
 * the wallet control, whose state sits above both places the layout renders it.
 */
export function SessionLayout(props: Omit<RootLayoutProps, 'account' | 'renderAuthDialog'>) {
  const { user, logout } = useSession();
  const account = user
    ? { email: user.email, onLogout: () => void logout(), links: ACCOUNT_LINKS }
    : null;
  return (
    <WalletProvider>
      <RootLayout
        {...props}
        account={account}
        walletSlot={<WalletControl />}
        renderAuthDialog={(slot) => <AuthDialog {...slot} />}
      />
    </WalletProvider>
  );
}
