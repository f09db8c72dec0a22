/**
 * A session token shaped like the server's (a JWT naming the user, issued and expiring at given
 * times). Unsigned: the browser never checks the signature, it only reads when to renew.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

const base64Url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export function sessionToken({
  userId = 'user-1',
  issuedAt = Date.now(),
  lifetimeMs = 7 * DAY_MS,
  id = 'session',
}: {
  userId?: string;
  issuedAt?: number;
  lifetimeMs?: number;
  id?: string;
} = {}): string {
  const header = base64Url({ alg: 'HS256' });
  const payload = base64Url({
    sid: id,
    sub: userId,
    iat: Math.floor(issuedAt / 1000),
    exp: Math.floor((issuedAt + lifetimeMs) / 1000),
  });
  return `${header}.${payload}.not-signed`;
}
