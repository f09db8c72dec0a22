import type { PublicUser } from '@sealdrop/core/api-auth-schemas';
import type { UploadTier } from '@sealdrop/core/limits';
import type { UserRow } from './auth.repository';

/** Premium = tier `premium` (token-balance premium arrives with the wallet). */
export function isPremiumUser(user: Pick<UserRow, 'tier'>): boolean {
  return user.tier === 'premium';
}

export function uploadTierOf(user: Pick<UserRow, 'tier'> | null): UploadTier {
  if (!user) return 'guest';
  return isPremiumUser(user) ? 'premium' : 'free';
}

export function toPublicUser(user: UserRow, balance: number): PublicUser {
  return {
    id: user.id,
    email: user.email,
    tier: { name: user.tier },
    userType: user.tier,
    solanaWallet: user.solana_wallet,
    prickoBalance: balance,
    isPremium: isPremiumUser(user),
    createdAt: new Date(user.created_at).toISOString(),
  };
}
