import { AUTH_TOKEN_KEY } from '../../lib/api-client';

/** Spec §8 "Auth callback" messages, word for word. */
export const AUTH_CALLBACK_MESSAGES = {
  failed: 'Authentication failed. Please try again.',
  invalid: 'Invalid authentication response.',
  unexpected: 'An unexpected error occurred.',
} as const;

export type CallbackOutcome =
  | { kind: 'success'; token: string }
  | { kind: 'error'; message: string };

/**
 * Reads token, success and error from the callback's query string. On success the token is
 * stored under `authToken` and the query is wiped from the address bar and the history entry at
 * once, so the token is not left in history, bookmarks or a later Referer.
 */
export function completeSignIn(search: string): CallbackOutcome {
  try {
    const params = new URLSearchParams(search);
    // Whatever the outcome, a token must not linger in the address bar.
    if (params.has('token')) stripQueryFromAddressBar();
    if (params.has('error')) return { kind: 'error', message: AUTH_CALLBACK_MESSAGES.failed };
    const token = params.get('token');
    if (!token || params.get('success') !== 'true') {
      return { kind: 'error', message: AUTH_CALLBACK_MESSAGES.invalid };
    }
    localStorage.setItem(AUTH_TOKEN_KEY, token);
    return { kind: 'success', token };
  } catch {
    return { kind: 'error', message: AUTH_CALLBACK_MESSAGES.unexpected };
  }
}

function stripQueryFromAddressBar() {
  const { pathname, hash, search } = window.location;
  if (!search) return;
  // Keep the router's state object: it tracks its own history index in there.
  window.history.replaceState(window.history.state, '', `${pathname}${hash}`);
}
