import type { AuthResult, PublicUser } from '@sealdrop/core/api-auth-schemas';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Toast } from '../../../components/ui/toast';
import { serverMessageOf } from '../../../lib/server-message';
import * as authApi from '../api/auth-api';
import {
  SESSION_MESSAGES,
  type Session,
  SessionContext,
  type SessionOutcome,
} from './session-context';
import { clearStoredToken, readStoredToken, storeToken } from './token-storage';

interface SessionState {
  user: PublicUser | null;
  token: string | null;
  loading: boolean;
}

const GUEST: SessionState = { user: null, token: null, loading: false };

function failure(error: unknown, fallback: string): SessionOutcome {
  const serverMessage = serverMessageOf(error);
  return { success: false, error: serverMessage ?? fallback, serverMessage };
}

/** Spec §4 "Session": guest or authenticated, with the token kept in localStorage. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(() => {
    const token = readStoredToken();
    return { user: null, token, loading: token !== null };
  });
  const [notice, setNotice] = useState<string | null>(null);
  // Every change of session bumps this, so an answer that arrives late cannot undo a newer one.
  const generation = useRef(0);

  const signIn = useCallback((result: AuthResult) => {
    generation.current += 1;
    storeToken(result.token);
    setState({ user: result.user, token: result.token, loading: false });
  }, []);

  const signOutLocally = useCallback(() => {
    generation.current += 1;
    clearStoredToken();
    setState(GUEST);
  }, []);

  const loadUser = useCallback(async (token: string) => {
    generation.current += 1;
    const mine = generation.current;
    // A reload of the same signed-in user keeps showing them; a new token shows the loading state.
    setState((current) => ({
      ...current,
      token,
      loading: current.user === null || current.token !== token,
    }));
    try {
      const user = await authApi.fetchCurrentUser();
      if (mine === generation.current) setState({ user, token, loading: false });
    } catch {
      // Spec §8 "Load current user": a silent sign-out.
      if (mine !== generation.current) return;
      clearStoredToken();
      setState(GUEST);
    }
  }, []);

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = readStoredToken();
    if (token) void loadUser(token);
  }, [loadUser]);

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
    try {
      signIn(await authApi.refreshToken());
      return { success: true };
    } catch {
      signOutLocally();
      setNotice(SESSION_MESSAGES.refresh);
      return { success: false, error: SESSION_MESSAGES.refresh, serverMessage: null };
    }
  }, [signIn, signOutLocally]);

  const session = useMemo<Session>(
    () => ({
      ...state,
      register: (credentials) =>
        withResult(() => authApi.registerAccount(credentials), SESSION_MESSAGES.register),
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
    [state, withResult, logout, refresh, loadUser, signOutLocally],
  );

  return (
    <SessionContext.Provider value={session}>
      {children}
      <Toast
        open={notice !== null}
        message={notice}
        tone="error"
        duration={4000}
        onClose={() => setNotice(null)}
      />
    </SessionContext.Provider>
  );
}
