import { createHash } from 'node:crypto';

/**
 * What the database keeps of a client's address: a hash, never the address itself. It tells two
 * requests from one address apart from others (login lockout, download rewards) and nothing more.
 */
export function hashClientIp(ip: string): string {
  return createHash('sha256').update(ip).digest('base64url').slice(0, 32);
}
