import type { PublicUser } from '@sealdrop/core/api-auth-schemas';
import type { UploadTier } from '@sealdrop/core/limits';
import type { UserRow } from './auth.repository';

/**
 * The one premium rule (DESIGN §1): tier `premium`, or a linked wallet holding at least
 * PREMIUM_MIN_BALANCE whole tokens. `walletTokens` is null when there is no balance to count.
 */
export function isPremiumUser(input: {
  tier: string;
  walletTokens: number | null;
  minBalance: number;
}): boolean {
  if (input.tier === 'premium') return true;
  return input.walletTokens !== null && input.walletTokens >= input.minBalance;
}

export function uploadTierOf(user: Pick<UserRow, 'id'> | null, isPremium: boolean): UploadTier {
  if (!user) return 'guest';
  return isPremium ? 'premium' : 'free';
}

export function toPublicUser(user: UserRow, balance: number, isPremium: boolean): PublicUser {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.email_verified === 1,
    oidcLinked: user.oidc_subject !== null,
    tier: { name: user.tier },
    userType: user.tier,
    solanaWallet: user.solana_wallet,
    prickoBalance: balance,
    isPremium,
    createdAt: new Date(user.created_at).toISOString(),
  };
}
