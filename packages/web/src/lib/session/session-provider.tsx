import type { AuthResult, PublicUser } from '@sealdrop/core/api-auth-schemas';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Toast } from '../../components/ui/toast';
import { ApiError, AUTH_TOKEN_KEY, onUnauthorized } from '../api-client';
import { isPageLeaving } from '../page-leaving';
import { serverMessageOf } from '../server-message';
import * as authApi from './auth-api';
import {
  SESSION_MESSAGES,
  type Session,
  SessionContext,
  type SessionOutcome,
} from './session-context';
import { clockOffsetFrom, readTokenClaims } from './token-expiry';
import {
  clearStoredToken,
  readStoredToken,
  STORAGE_SETTLE_MS,
  storedTokenChange,
  storeToken,
  withTokenLock,
} from './token-storage';
import { type Renewal, useRenewalSchedule } from './use-renewal-schedule';

interface SessionState {
  user: PublicUser | null;
  token: string | null;
  loading: boolean;
}

const GUEST: SessionState = { user: null, token: null, loading: false };

/** Said once an account is created: the server has just mailed its verification link. */
export const SIGNED_UP_NOTICE = 'Check your inbox to confirm your email address.';
/** Long enough to read after the dialog closes; the address can also be confirmed later. */
const SIGNED_UP_NOTICE_MS = 8000;

function failure(error: unknown, fallback: string): SessionOutcome {
  const serverMessage = serverMessageOf(error);
  return { success: false, error: serverMessage ?? fallback, serverMessage };
}

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * Guest or authenticated, with the token kept in localStorage. The token is
 * renewed before it expires, follows the other tabs, and a session the server no longer accepts
 * ends with "Session expired".
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(() => {
    const token = readStoredToken();
    return { user: null, token, loading: token !== null };
  });
  const [expired, setExpired] = useState(false);
  const [signedUp, setSignedUp] = useState(false);
  // Places that show "Session expired" themselves (the layout's login dialog); none: a toast.
  const [noticeClaims, setNoticeClaims] = useState(0);
  // The state as last set, for listeners and async steps that outlive a render.
  const latest = useRef(state);
  // Every change of session bumps this, so an answer that arrives late cannot undo a newer one.
  const generation = useRef(0);
  const renewal = useRef<Promise<Renewal> | null>(null);
  // Measured on each token the server just issued (here or in another tab); see clockOffsetFrom.
  const clockOffset = useRef(0);

  const commit = useCallback((next: SessionState) => {
    latest.current = next;
    setState(next);
  }, []);

  const signIn = useCallback(
    (result: AuthResult) => {
      generation.current += 1;
      storeToken(result.token);
      clockOffset.current = clockOffsetFrom(result.token, Date.now());
      commit({ user: result.user, token: result.token, loading: false });
      setExpired(false);
    },
    [commit],
  );

  const signOutLocally = useCallback(() => {
    generation.current += 1;
    clearStoredToken();
    commit(GUEST);
  }, [commit]);

  const expire = useCallback(() => {
    signOutLocally();
    setExpired(true);
  }, [signOutLocally]);

  const loadUser = useCallback(
    async (token: string) => {
      generation.current += 1;
      const mine = generation.current;
      const previous = latest.current;
      // A reload of the same signed-in user keeps showing them; a new token shows the loading state.
      const reloading = previous.user !== null && previous.token === token;
      commit({ ...previous, token, loading: !reloading });
      try {
        const user = await authApi.fetchCurrentUser();
        if (mine !== generation.current) return;
        commit({ user, token, loading: false });
        setExpired(false);
      } catch (error) {
        if (mine !== generation.current) return;
        // A signed-in user's token refused: the 401 listener renews the session or ends it openly.
        if (reloading && isUnauthorized(error)) return;
        // A reload cut the request off: the token is fine, and other tabs share it.
        if (isPageLeaving()) return;
        // A silent sign-out.
        signOutLocally();
      }
    },
    [commit, signOutLocally],
  );

  /** Takes a token another tab stored: the same user just swaps tokens, another one is loaded. */
  const adoptStoredToken = useCallback(
    (token: string) => {
      clockOffset.current = clockOffsetFrom(token, Date.now());
      const { user } = latest.current;
      if (!user || readTokenClaims(token)?.subject !== user.id) {
        void loadUser(token);
        return;
      }
      generation.current += 1;
      commit({ user, token, loading: false });
      setExpired(false);
    },
    [commit, loadUser],
  );

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = readStoredToken();
    if (token) void loadUser(token);
  }, [loadUser]);

  /**
   * Renews `due` (the token a timer or a 401 is about): one renewal at a time in this tab, and
   * (Web Locks) across tabs. A token already replaced by then is not renewed again.
   */
  const renew = useCallback(
    (due: string | null): Promise<Renewal> => {
      renewal.current ??= withTokenLock(async (): Promise<Renewal> => {
        const stored = readStoredToken();
        if (!stored && due) {
          // Signed out in another tab meanwhile: follow it quietly, as its storage event does.
          signOutLocally();
          return 'superseded';
        }
        if (!stored) {
          expire();
          return 'expired';
        }
        // Another tab renewed it, perhaps while this one waited for the lock.
        if (stored !== due) {
          if (stored !== latest.current.token) adoptStoredToken(stored);
          return 'renewed';
        }
        const mine = generation.current;
        try {
          const result = await authApi.refreshToken();
          if (mine !== generation.current) return 'superseded';
          signIn(result);
          return 'renewed';
        } catch (error) {
          if (mine !== generation.current) return 'superseded';
          if (!isUnauthorized(error)) return 'failed';
          // Another tab may have renewed first, ending the session sent here: its new token
          // reaches this tab's localStorage a moment after the lock (Chromium copies it across).
          const now = await storedTokenChange(stored, STORAGE_SETTLE_MS);
          if (mine !== generation.current) return 'superseded';
          if (now && now !== stored) {
            adoptStoredToken(now);
            return 'renewed';
          }
          expire();
          return 'expired';
        }
      }).finally(() => {
        renewal.current = null;
      });
      return renewal.current;
    },
    [adoptStoredToken, expire, signIn, signOutLocally],
  );

  useRenewalSchedule(state.user && !state.loading ? state.token : null, renew, clockOffset);

  // A 401 for the token in use: renew it, which ends the session if the server refuses that too.
  useEffect(
    () =>
      onUnauthorized((token) => {
        const { user, token: held } = latest.current;
        if (user && token === held) void renew(token);
      }),
    [renew],
  );

  // Another tab signed in, renewed or signed out.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== AUTH_TOKEN_KEY && event.key !== null) return;
      const stored = readStoredToken();
      if (stored === latest.current.token) return;
      if (stored) adoptStoredToken(stored);
      else signOutLocally();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [adoptStoredToken, signOutLocally]);

  const withResult = useCallback(
    async (call: () => Promise<AuthResult>, fallback: string): Promise<SessionOutcome> => {
      try {
        signIn(await call());
        return { success: true };
      } catch (error) {
        return failure(error, fallback);
      }
    },
    [signIn],
  );

  const logout = useCallback(async () => {
    // The request takes the bearer header when it is created, so the token can go right away.
    const pending = readStoredToken() ? authApi.logOut() : null;
    signOutLocally();
    try {
      await pending;
    } catch (error) {
      console.error('Logout request failed', error);
    }
  }, [signOutLocally]);

  const refresh = useCallback(async (): Promise<SessionOutcome> => {
    const outcome = await renew(latest.current.token);
    if (outcome === 'renewed') return { success: true };
    // Any failed refresh ends the session; the schedule alone retries after a network error.
    if (outcome === 'failed') expire();
    return { success: false, error: SESSION_MESSAGES.refresh, serverMessage: null };
  }, [renew, expire]);

  const claimExpiredNotice = useCallback(() => {
    setNoticeClaims((count) => count + 1);
    return () => setNoticeClaims((count) => count - 1);
  }, []);

  const session = useMemo<Session>(
    () => ({
      ...state,
      expired,
      dismissExpired: () => setExpired(false),
      claimExpiredNotice,
      register: async (credentials) => {
        const outcome = await withResult(
          () => authApi.registerAccount(credentials),
          SESSION_MESSAGES.register,
        );
        if (outcome.success) setSignedUp(true);
        return outcome;
      },
      login: (credentials) => withResult(() => authApi.logIn(credentials), SESSION_MESSAGES.login),
      updateProfile: (fields) =>
        withResult(() => authApi.updateProfile(fields), SESSION_MESSAGES.profile),
      changePassword: async (input) => {
        try {
          await authApi.changePassword(input);
          return { success: true };
        } catch (error) {
          return failure(error, SESSION_MESSAGES.changePassword);
        }
      },
      logout,
      refresh,
      adoptToken: (token) => {
        storeToken(token);
        void loadUser(token);
      },
      reloadUser: async () => {
        const token = readStoredToken();
        if (token) await loadUser(token);
        else signOutLocally();
      },
    }),
    [state, expired, claimExpiredNotice, withResult, logout, refresh, loadUser, signOutLocally],
  );

  return (
    <SessionContext.Provider value={session}>
      {children}
      <Toast
        open={expired && noticeClaims === 0}
        message={SESSION_MESSAGES.refresh}
        tone="error"
        duration={4000}
        onClose={() => setExpired(false)}
      />
      <Toast
        open={signedUp && !expired}
        message={SIGNED_UP_NOTICE}
        tone="success"
        duration={SIGNED_UP_NOTICE_MS}
        onClose={() => setSignedUp(false)}
      />
    </SessionContext.Provider>
  );
}
