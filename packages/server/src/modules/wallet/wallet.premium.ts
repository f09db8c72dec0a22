/**
 * Feeds the one premium rule (auth.models isPremiumUser) with the linked wallet's balance.
 * /auth/me, connect and presign all ask here, so they can never disagree.
 */
import { isPremiumUser } from '../auth/auth.models';
import type { UserRow } from '../auth/auth.repository';
import { wholeTokens } from './wallet.models';
import type { SolanaReader } from './wallet.solana';

export type PremiumUser = Pick<UserRow, 'tier' | 'solana_wallet'>;

/**
 * 'ignore': an unreachable RPC counts as "no token premium" (the account pages keep working);
 * 'throw': the 503 reaches the caller (a decision that needs the balance).
 */
export type PremiumCheck = (
  user: PremiumUser,
  options?: { rpcFailure?: 'ignore' | 'throw' },
) => Promise<boolean>;

export function createPremiumCheck(input: {
  solana: SolanaReader | null;
  minBalance: number;
  decimals: number;
  onRpcError?: (error: unknown) => void;
}): PremiumCheck {
  return async (user, options = {}) => {
    const base = { tier: user.tier, minBalance: input.minBalance };
    if (isPremiumUser({ ...base, walletTokens: null })) return true;
    if (!user.solana_wallet || !input.solana) return false;
    try {
      const { tokenRaw } = await input.solana.balances(user.solana_wallet);
      return isPremiumUser({ ...base, walletTokens: wholeTokens(tokenRaw, input.decimals) });
    } catch (error) {
      if (options.rpcFailure === 'throw') throw error;
      input.onRpcError?.(error);
      return false;
    }
  };
}
