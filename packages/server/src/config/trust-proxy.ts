/**
 * TRUST_PROXY: which hops may tell the server the client's address. `false`, a hop
 * count, or a list of proxy addresses/CIDRs — never "trust every hop", because then the client's
 * own X-Forwarded-For picks its rate-limit identity.
 */
import { isIP } from 'node:net';
import { z } from 'zod';

/** proxy-addr's names for address ranges, which Fastify accepts in the list too. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export type TrustProxy = false | number | string[];

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

export const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    if (value === 'false' || value === '0') return false;
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'true would trust every hop, so clients could choose their own IP: give the number of proxies in front (1) or their addresses/CIDRs',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrCidr(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a hop count, or proxy addresses/CIDRs (not ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * What Fastify gets. A hop count becomes a function trusting the nearest `hops` addresses (this
 * Fastify treats a bare number as "trust nothing"); a list goes as it is (proxy-addr compiles it).
 */
export function fastifyTrustProxy(
  value: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}
