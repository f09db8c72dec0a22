import { AUTH_TOKEN_KEY } from '../../../lib/api-client';

/** The session token in localStorage under `authToken` (spec §3); storage errors mean no token. */
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
