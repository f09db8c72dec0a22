/** Upload limits, retention and tiers shared by server and web. */

export const GiB = 1024 ** 3;
export const MiB = 1024 ** 2;

export const MAX_UPLOAD_BYTES = {
  guest: 5 * GiB,
  free: 5 * GiB,
  premium: 100 * GiB,
} as const;

export type UploadTier = keyof typeof MAX_UPLOAD_BYTES;

export const RETENTION_MS = {
  guest: 24 * 60 * 60 * 1000,
  free: 24 * 60 * 60 * 1000,
  premium: 30 * 24 * 60 * 60 * 1000,
} as const;

/** "priority uploads": how many parts a client may send at once. */
export const UPLOAD_CONCURRENCY = { guest: 4, free: 4, premium: 8 } as const;

/** The label used in "File size exceeds maximum allowed size of {5GB or 100GB}". */
export function maxSizeLabel(bytes: number): string {
  return `${Math.round(bytes / GiB)}GB`;
}

export function fileTooLargeMessage(maxBytes: number): string {
  return `File size exceeds maximum allowed size of ${maxSizeLabel(maxBytes)}`;
}

export const WALLET_TIER_NAMES = ['Free', 'Basic', 'Pro', 'Elite'] as const;
export type WalletTierName = (typeof WALLET_TIER_NAMES)[number];

/** Wallet tier badges by whole-token balance (docs/wallet.md). */
export function walletTier(balance: number): WalletTierName {
  if (balance >= 10_000) return 'Elite';
  if (balance >= 5_000) return 'Pro';
  if (balance >= 1_000) return 'Basic';
  return 'Free';
}
