/**
 * Feeds the one premium rule (auth.models isPremiumUser) with the linked wallet's balance.
 * /auth/me, connect and presign all ask here, so they can never disagree. The check's type is
 * auth's (auth.models PremiumCheck): accounts ask the question, the wallet module answers it, and
 * the composition (context.ts) passes the answer in, so auth never imports the wallet.
 */
import { isPremiumUser, type PremiumCheck } from '../auth/auth.models';
import { wholeTokens } from './wallet.models';
import type { SolanaReader } from './wallet.solana';

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
