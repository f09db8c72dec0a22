import { createHmac } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';

/**
 * The unit every per-address rule counts in (rate limits, quotas, upload blocks, reward
 * deduplication, download retries): an IPv4 address, or the /64 prefix of an IPv6 address. One
 * subscriber is routinely handed a whole /64, so counting single IPv6 addresses would give one
 * person 2^64 identities. IPv4-mapped IPv6 (`::ffff:1.2.3.4`) counts as the IPv4 address.
 */
export function clientAddress(ip: string): string {
  return normalizeIP(ip);
}

/** What the database and Redis keep of an address: a keyed hash of `clientAddress(ip)`. */
export type AddressHasher = (ip: string) => string;

/**
 * A keyed hash (HMAC-SHA-256 under a key derived from the server secret), so that a leaked
 * database does not give addresses away: an unkeyed hash of an IPv4 address is reversed by trying
 * all 2^32 of them.
 */
export function createAddressHasher(secret: string): AddressHasher {
  const key = createHmac('sha256', secret).update('sealdrop client addresses').digest();
  return (ip) =>
    createHmac('sha256', key).update(clientAddress(ip)).digest('base64url').slice(0, 32);
}
