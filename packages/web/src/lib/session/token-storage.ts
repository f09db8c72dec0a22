import { AUTH_TOKEN_KEY } from '../api-client';

/** The session token in localStorage under `authToken`; storage errors mean no token. */
export function readStoredToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  try {
    localStorage.setItem(AUTH_TOKEN_KEY, token);
  } catch {
    // The session then lasts only as long as this page.
  }
}

export function clearStoredToken(): void {
  try {
    localStorage.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/**
 * Runs `task` while no other tab of this site runs one: a refresh rotates the token, and a rotated
 * token refreshed again later ends the whole session (the server takes it for a stolen copy). The
 * server forgives a second refresh of one token for 30 s, which covers browsers without the Web
 * Locks API (they run the task at once) and a tab that wakes with the old token. Either way the
 * caller waits for the stored token after a refusal (`storedTokenChange`): a token written by
 * another tab can arrive after its lock is released.
 */
export function withTokenLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  return locks ? locks.request('sealdrop-session-token', task) : task();
}

/** How long a refused tab waits for another tab's renewed token before it gives up the session. */
export const STORAGE_SETTLE_MS = 1500;

/** Resolves with the stored token as soon as it differs from `from`, or as it is after `withinMs`. */
export function storedTokenChange(from: string, withinMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      window.removeEventListener('storage', onStorage);
      resolve(readStoredToken());
    };
    const onStorage = () => {
      if (readStoredToken() !== from) finish();
    };
    const timer = setTimeout(finish, withinMs);
    window.addEventListener('storage', onStorage);
    onStorage();
  });
}
