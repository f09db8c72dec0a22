import type { PublicUser } from '@sealdrop/core/api-auth-schemas';
import { createContext, useContext } from 'react';
import type { Credentials, ProfileFields } from './auth-api';

/** Fixed product text, word for word: what the session layer reports when a call fails without a message. */
export const SESSION_MESSAGES = {
  register: 'Registration failed',
  login: 'Login failed',
  profile: 'Profile update failed',
  refresh: 'Session expired',
  changePassword: 'Password change failed',
} as const;

/**
 * What a session action returns: success, or the error to show. `serverMessage` is the server's
 * own message (null when it gave none), so a form can choose its own fallback text.
 */
export type SessionOutcome =
  | { success: true }
  | { success: false; error: string; serverMessage: string | null };

export interface Session {
  user: PublicUser | null;
  token: string | null;
  /** True while a stored token is being turned into a user (startup, external sign-in). */
  loading: boolean;
  /** The session ended on its own ("Session expired") and the person has not answered yet. */
  expired: boolean;
  /** The person saw the expiry (closed the login dialog); a new sign-in also clears it. */
  dismissExpired: () => void;
  /**
   * Says that the caller shows "Session expired" itself (the layout's login dialog), so the
   * provider shows no toast of its own while it is mounted. Returns the release function.
   */
  claimExpiredNotice: () => () => void;
  register: (credentials: Credentials) => Promise<SessionOutcome>;
  login: (credentials: Credentials) => Promise<SessionOutcome>;
  /** Clears the session at once; a failing server call is only logged. */
  logout: () => Promise<void>;
  updateProfile: (fields: ProfileFields) => Promise<SessionOutcome>;
  changePassword: (input: {
    currentPassword: string;
    newPassword: string;
  }) => Promise<SessionOutcome>;
  /**
   * New token and user; a failure ends the session with "Session expired". The provider also
   * renews by itself before the token expires, and after a 401 for the token in use.
   */
  refresh: () => Promise<SessionOutcome>;
  /** Loads the user for a token stored elsewhere (the external sign-in callback). */
  adoptToken: (token: string) => void;
  /** Reloads the user (after a wallet link, a reward…); a failure signs out silently. */
  reloadUser: () => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
