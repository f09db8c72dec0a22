import type { PublicUser } from '@sealdrop/core/api-auth-schemas';
import type { UploadTier } from '@sealdrop/core/limits';
import type { UserRow } from './auth.repository';

export type PremiumUser = Pick<UserRow, 'tier' | 'solana_wallet'>;

/**
 * Whether a user is premium, with the wallet's balance looked up (wallet.premium.ts makes it).
 * 'ignore': an unreachable RPC counts as "no token premium" (the account pages keep working);
 * 'throw': the 503 reaches the caller (a decision that needs the balance).
 */
export type PremiumCheck = (
  user: PremiumUser,
  options?: { rpcFailure?: 'ignore' | 'throw' },
) => Promise<boolean>;

/**
 * The one premium rule: tier `premium`, or a linked wallet holding at least
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
