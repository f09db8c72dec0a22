import { useEffect } from 'react';
import { RootLayout } from '../../layout/components/root-layout';
import type { AuthDialogSlotProps, RootLayoutProps } from '../../layout/layout.types';
import { WalletControl } from '../../wallet/components/wallet-control';
import { WalletProvider } from '../../wallet/state/wallet-provider';
import { SESSION_MESSAGES, useSession } from '../session/session-context';
import { AuthDialog } from './auth-dialog';

/**
 * Links for a signed-in user, shown beside the avatar and in the mobile menu. Only one, so the
 * bar still fits at tablet widths; the account pages link to each other (Balance).
 */
export const ACCOUNT_LINKS = [{ to: '/account/files', label: 'My files' }] as const;

/**
 * The layout's auth dialog, which also opens at login by itself when the session expired, saying
 * so, over the page the person was on (no navigation: logging in again carries on there).
 */
function SessionAuthDialog({ mode, onModeChange, onClose }: AuthDialogSlotProps) {
  const { expired, dismissExpired, claimExpiredNotice } = useSession();
  useEffect(() => claimExpiredNotice(), [claimExpiredNotice]);
  const prompted = mode === null && expired;
  return (
    <AuthDialog
      mode={prompted ? 'login' : mode}
      notice={prompted ? SESSION_MESSAGES.refresh : undefined}
      onModeChange={(next) => {
        dismissExpired();
        onModeChange(next);
      }}
      onClose={() => {
        dismissExpired();
        onClose();
      }}
    />
  );
}

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
        renderAuthDialog={(slot) => <SessionAuthDialog {...slot} />}
      />
    </WalletProvider>
  );
}
