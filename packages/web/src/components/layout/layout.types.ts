import type { ReactNode } from 'react';

export type AuthMode = 'login' | 'register';

/**
 * The signed-in account as the bar shows it: the avatar letter opening the account menu, the
 * email and Logout in the mobile menu.
 */
export interface LayoutAccount {
  email: string;
  onLogout: () => void;
  /** Pages of the signed-in account ("My files"…), linked beside the avatar and in the menu. */
  links?: ReadonlyArray<{ to: string; label: string }>;
  /** The avatar menu's pages, above its "Log out" ("My files", "Settings"); `links` if absent. */
  menuLinks?: ReadonlyArray<{ to: string; label: string }>;
}

/** What the layout hands to the login/register dialog it renders. */
export interface AuthDialogSlotProps {
  /** Which form is open, or null when the dialog is closed. */
  mode: AuthMode | null;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
}

/** Renders the login/register dialog for whoever owns its mode (the layout, an account page). */
export type RenderAuthDialog = (props: AuthDialogSlotProps) => ReactNode;

/** What the layout hands to the feedback dialog it renders. */
export interface FeedbackDialogSlotProps {
  open: boolean;
  onClose: () => void;
}

/**
 * What the composition (src/app) plugs in: the layout knows no feature, it renders the wallet
 * control and the dialogs it is handed.
 */
export interface RootLayoutProps {
  /** null/undefined = guest (Log In / Sign Up); an account = avatar + Logout. */
  account?: LayoutAccount | null;
  /** The wallet control, shown in the top bar and in the mobile menu. */
  walletSlot: ReactNode;
  /** The running uploads' progress, shown in the top bar on every page but home. */
  transferSlot?: ReactNode;
  /** Renders the login/register dialog; the layout owns which mode is open. */
  renderAuthDialog: RenderAuthDialog;
  /** Renders the feedback dialog opened by the floating Feedback button. */
  renderFeedbackDialog: (props: FeedbackDialogSlotProps) => ReactNode;
}
