import type { AuthResult, PublicUser } from '@sealdrop/core/api-auth-schemas';
import { authResultSchema, userResponseSchema } from '@sealdrop/core/api-auth-schemas';
import { API_BASE, AUTH_TOKEN_KEY, apiRequest } from '../../lib/api-client';

/** The auth callback's fixed messages, word for word. */
export const AUTH_CALLBACK_MESSAGES = {
  failed: 'Authentication failed. Please try again.',
  invalid: 'Invalid authentication response.',
  unexpected: 'An unexpected error occurred.',
} as const;

/**
 * Known refusals the server names in `reason`, explained in the page's own words. The free text
 * of `error` is never shown: anyone can craft a callback URL.
 */
export const AUTH_CALLBACK_REASONS: Record<string, string> = {
  'oidc.link_from_settings':
    'An account with this email already exists. Sign in with your password, then link this sign-in method in Settings.',
  'oidc.email_not_verified':
    'Your email address is not verified with the provider. Verify it there, then try again.',
  'oidc.cancelled': 'The sign-in was cancelled.',
  'oidc.other_browser': 'This sign-in was started in another browser. Please try again.',
};

export type CallbackOutcome =
  | { kind: 'success'; result: AuthResult }
  /** Signed in here as someone else already: the page asks before replacing that session. */
  | { kind: 'switch'; result: AuthResult; current: PublicUser }
  | { kind: 'error'; message: string; detail?: string };

/**
 * Completes an external sign-in. The URL only says whether it succeeded: the session itself is
 * fetched with the one-time login cookie the server set (POST /auth/oidc/exchange), so a crafted
 * `?token=…&success=true` link signs nobody in. A token in the URL is ignored
 * and wiped from the address bar and history at once.
 */
export async function completeSignIn(search: string): Promise<CallbackOutcome> {
  try {
    const params = new URLSearchParams(search);
    if (params.has('token')) stripQueryFromAddressBar();
    if (params.has('error')) {
      const detail = AUTH_CALLBACK_REASONS[params.get('reason') ?? ''];
      return { kind: 'error', message: AUTH_CALLBACK_MESSAGES.failed, detail };
    }
    if (params.get('success') !== 'true') {
      return { kind: 'error', message: AUTH_CALLBACK_MESSAGES.invalid };
    }
    let result: AuthResult;
    try {
      result = await apiRequest('/auth/oidc/exchange', {
        schema: authResultSchema,
        method: 'POST',
      });
    } catch {
      return { kind: 'error', message: AUTH_CALLBACK_MESSAGES.invalid };
    }
    const current = await currentUser();
    if (current && current.id !== result.user.id) return { kind: 'switch', result, current };
    localStorage.setItem(AUTH_TOKEN_KEY, result.token);
    return { kind: 'success', result };
  } catch {
    return { kind: 'error', message: AUTH_CALLBACK_MESSAGES.unexpected };
  }
}

/** The person chose to keep the session they had: the new one is ended on the server. */
export async function discardSignIn(result: AuthResult): Promise<void> {
  await fetch(`${API_BASE}/auth/logout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${result.token}` },
    referrerPolicy: 'no-referrer',
  }).catch(() => {});
}

async function currentUser(): Promise<PublicUser | null> {
  if (!localStorage.getItem(AUTH_TOKEN_KEY)) return null;
  try {
    return (await apiRequest('/auth/me', { schema: userResponseSchema })).user;
  } catch {
    return null;
  }
}

function stripQueryFromAddressBar() {
  const { pathname, hash, search } = window.location;
  if (!search) return;
  // Keep the router's state object: it tracks its own history index in there.
  window.history.replaceState(window.history.state, '', `${pathname}${hash}`);
}
