/**
 * The reserver's secret for an instant short link: whoever knows a code (it
 * is in the shared link) must not be able to point it at their own file. Only a hash is stored.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const hashOf = (token: string) => createHash('sha256').update(token).digest();

export function newCompleteToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOf(token).toString('hex') };
}

/** Constant-time comparison; a reservation without a stored hash matches nothing. */
export function matchesCompleteToken(
  storedHash: string | null,
  token: string | undefined,
): boolean {
  if (!storedHash || !token) return false;
  const stored = Buffer.from(storedHash, 'hex');
  const given = hashOf(token);
  return stored.length === given.length && timingSafeEqual(stored, given);
}
