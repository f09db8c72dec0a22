/**
 * The daily upload quotas as pure rules (docs/moderation.md "Quotas"): a rolling window of 24 h,
 * counted at presign in bytes (file size + encryptedMetadata length) and in uploads, per address
 * for anonymous uploads and per account otherwise. The stores (database, Redis) keep the entries;
 * the decision and the time a refusal names are made here, for both.
 */
import type { UploadTier } from '@sealdrop/core/limits';
import type { Config } from '../../config/config';

export const QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000;

/** 0 = no limit. */
export interface QuotaLimits {
  bytes: number;
  uploads: number;
}

/** One upload the window counts. */
export interface UsageEntry {
  at: number;
  bytes: number;
}

export type QuotaDecision =
  | { admitted: true }
  | { admitted: false; limit: { bytes: number } | { uploads: number }; resetsAt: number };

export type QuotaConfig = Pick<
  Config,
  | 'ANON_DAILY_BYTES'
  | 'ANON_DAILY_UPLOADS'
  | 'ACCOUNT_DAILY_BYTES'
  | 'ACCOUNT_DAILY_UPLOADS'
  | 'PREMIUM_DAILY_BYTES'
  | 'PREMIUM_DAILY_UPLOADS'
>;

export function quotaLimitsFor(tier: UploadTier, config: QuotaConfig): QuotaLimits {
  if (tier === 'guest')
    return { bytes: config.ANON_DAILY_BYTES, uploads: config.ANON_DAILY_UPLOADS };
  if (tier === 'premium')
    return { bytes: config.PREMIUM_DAILY_BYTES, uploads: config.PREMIUM_DAILY_UPLOADS };
  return { bytes: config.ACCOUNT_DAILY_BYTES, uploads: config.ACCOUNT_DAILY_UPLOADS };
}

/** Who a quota counts: the account when signed in, else the address (IPv4, or IPv6 /64). */
export function quotaSubject(input: { accountId: string | null; addressHash: string }): string {
  return input.accountId ? `account:${input.accountId}` : `address:${input.addressHash}`;
}

/**
 * Whether `entries` (the window's uploads) leave room for one more of `bytes`. The first upload of
 * an empty window is always admitted, so a quota set below the tier's largest file never makes
 * that file impossible; the tier's own size limit still applies.
 */
export function isAdmitted(entries: readonly UsageEntry[], bytes: number, limits: QuotaLimits) {
  if (entries.length === 0) return true;
  const used = entries.reduce((sum, entry) => sum + entry.bytes, 0);
  const countOver = limits.uploads > 0 && entries.length + 1 > limits.uploads;
  const bytesOver = limits.bytes > 0 && used + bytes > limits.bytes;
  return !countOver && !bytesOver;
}

/**
 * The decision, and for a refusal the first moment the same upload would be admitted: when enough
 * of the window's oldest uploads have left it. The limit named is the one that holds longest.
 */
export function decideQuota(input: {
  entries: readonly UsageEntry[];
  bytes: number;
  limits: QuotaLimits;
}): QuotaDecision {
  const { bytes, limits } = input;
  const entries = [...input.entries].sort((a, b) => a.at - b.at);
  if (isAdmitted(entries, bytes, limits)) return { admitted: true };
  const leaves = (index: number) => (entries[index]?.at ?? 0) + QUOTA_WINDOW_MS;

  let countReset = 0;
  if (limits.uploads > 0 && entries.length + 1 > limits.uploads)
    countReset = leaves(entries.length - limits.uploads);
  let bytesReset = 0;
  if (limits.bytes > 0) {
    let used = entries.reduce((sum, entry) => sum + entry.bytes, 0);
    for (let i = 0; i < entries.length && used + bytes > limits.bytes; i += 1) {
      used -= entries[i]?.bytes ?? 0;
      bytesReset = leaves(i);
    }
  }
  return bytesReset >= countReset
    ? { admitted: false, limit: { bytes: limits.bytes }, resetsAt: bytesReset }
    : { admitted: false, limit: { uploads: limits.uploads }, resetsAt: countReset };
}
