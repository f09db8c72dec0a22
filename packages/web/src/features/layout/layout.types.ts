import type { ReactNode } from 'react';

export type AuthMode = 'login' | 'register';

/** The signed-in account as the bar shows it: avatar letter, email in the mobile menu, Logout. */
export interface LayoutAccount {
  email: string;
  onLogout: () => void;
  /** Pages of the signed-in account ("My files"…), linked beside the avatar and in the menu. */
  links?: ReadonlyArray<{ to: string; label: string }>;
}

/** What the layout hands to the login/register dialog it renders. */
export interface AuthDialogSlotProps {
  /** Which form is open, or null when the dialog is closed. */
  mode: AuthMode | null;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
}

/** What the layout hands to the feedback dialog it renders. */
export interface FeedbackDialogSlotProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Hook points for the features that come later (auth, wallet, feedback). Every one is optional:
 * without them the layout shows a guest with placeholder dialogs and a placeholder wallet button.
 */
export interface RootLayoutProps {
  /** null/undefined = guest (Log In / Sign Up); an account = avatar + Logout. */
  account?: LayoutAccount | null;
  /** The wallet control, shown in the top bar and in the mobile menu. */
  walletSlot?: ReactNode;
  /** Renders the login/register dialog; the layout owns which mode is open. */
  renderAuthDialog?: (props: AuthDialogSlotProps) => ReactNode;
  /** Renders the feedback dialog opened by the floating Feedback button. */
  renderFeedbackDialog?: (props: FeedbackDialogSlotProps) => ReactNode;
}
