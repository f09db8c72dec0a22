/**
 * When to renew a session token. The token is a JWT; the browser reads its claims only to plan
 * the renewal (the server alone judges the signature), so an unreadable token still gets renewed,
 * on a fixed rhythm instead.
 */

const HOUR_MS = 60 * 60 * 1000;

/** Renew this long before expiry: a day, or half of a shorter lifetime. */
export const RENEW_MARGIN_MS = 24 * HOUR_MS;
/** Without a readable expiry, renew once a day: far inside the server's 7-day lifetime. */
export const FALLBACK_RENEW_MS = 24 * HOUR_MS;

export interface TokenClaims {
  /** The user id (`sub`), or null. */
  subject: string | null;
  issuedAtMs: number | null;
  expiresAtMs: number | null;
}

function decodeBase64Url(text: string): string {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
}

const seconds = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value * 1000 : null;

/** The claims of a JWT's payload, or null when the token is not one. */
export function readTokenClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    if (typeof claims !== 'object' || claims === null) return null;
    const { sub, iat, exp } = claims as Record<string, unknown>;
    return {
      subject: typeof sub === 'string' ? sub : null,
      issuedAtMs: seconds(iat),
      expiresAtMs: seconds(exp),
    };
  } catch {
    return null;
  }
}

/**
 * How far this browser's clock runs ahead of the server's, measured on a token just issued
 * (its `iat` is the server's time of issue); 0 when unknown. A clock days ahead would otherwise
 * find every new token already due and renew it again and again.
 */
export function clockOffsetFrom(freshToken: string, now: number): number {
  const issuedAtMs = readTokenClaims(freshToken)?.issuedAtMs;
  return issuedAtMs == null ? 0 : now - issuedAtMs;
}

/**
 * The moment (epoch ms, this browser's clock) to renew `token`, which this tab started using at
 * `since`; `clockOffsetMs` as measured by `clockOffsetFrom`.
 */
export function renewalDueAt(token: string, since: number, clockOffsetMs = 0): number {
  const claims = readTokenClaims(token);
  if (claims?.expiresAtMs == null) return since + FALLBACK_RENEW_MS;
  const lifetime =
    claims.issuedAtMs == null ? Number.POSITIVE_INFINITY : claims.expiresAtMs - claims.issuedAtMs;
  return claims.expiresAtMs - Math.min(RENEW_MARGIN_MS, lifetime / 2) + clockOffsetMs;
}
