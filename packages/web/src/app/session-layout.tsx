import { useEffect } from 'react';
import type { AuthDialogSlotProps } from '../components/layout/layout.types';
import { RootLayout } from '../components/layout/root-layout';
import { LazyAuthDialog } from '../features/auth/components/render-auth-dialog';
import { renderFeedbackDialog } from '../features/feedback/components/render-feedback-dialog';
import { TransferIndicator } from '../features/upload/transfers/transfer-indicator';
import { WalletControl } from '../features/wallet/components/wallet-control';
import { WalletProvider } from '../features/wallet/state/wallet-provider';
import { SESSION_MESSAGES, useSession } from '../lib/session/session-context';
import { SessionTransfers } from './session-transfers';

/**
 * Links for a signed-in user, shown beside the avatar and in the mobile menu. Only one, so the
 * bar still fits at tablet widths; the account pages link to each other (Balance).
 */
export const ACCOUNT_LINKS = [{ to: '/account/files', label: 'My files' }] as const;

/** The avatar's menu: the account's pages, then "Log out" (the avatar never signs out at once). */
export const ACCOUNT_MENU_LINKS = [
  { to: '/account/files', label: 'My files' },
  { to: '/account/settings', label: 'Settings' },
] as const;

/**
 * The layout's auth dialog, which also opens at login by itself when the session expired, saying
 * so, over the page the person was on (no navigation: logging in again carries on there).
 */
function SessionAuthDialog({ mode, onModeChange, onClose }: AuthDialogSlotProps) {
  const { expired, dismissExpired, claimExpiredNotice } = useSession();
  useEffect(() => claimExpiredNotice(), [claimExpiredNotice]);
  const prompted = mode === null && expired;
  return (
    <LazyAuthDialog
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
 * The root layout with the features plugged in: the session's account (avatar, Logout), the auth
 * modal, the feedback dialog, the wallet control, whose state sits above both places the layout
 * renders it, and the running uploads, which sit above the routes (they go on from page to page)
 * and show their progress in the top bar.
 */
export function SessionLayout() {
  const { user, logout } = useSession();
  const account = user
    ? {
        email: user.email,
        onLogout: () => void logout(),
        links: ACCOUNT_LINKS,
        menuLinks: ACCOUNT_MENU_LINKS,
      }
    : null;
  return (
    <WalletProvider>
      <SessionTransfers>
        <RootLayout
          account={account}
          walletSlot={<WalletControl />}
          transferSlot={<TransferIndicator />}
          renderAuthDialog={(slot) => <SessionAuthDialog {...slot} />}
          renderFeedbackDialog={renderFeedbackDialog}
        />
      </SessionTransfers>
    </WalletProvider>
  );
}
