/** Builds the wallet feature's collaborators from configuration (one place, shared by context). */
import type { Config } from '../../config/config';
import type { Database } from '../../database/schema';
import type { PremiumCheck } from '../auth/auth.models';
import { createMarketData, type MarketData } from './wallet.market';
import { configuredMint } from './wallet.models';
import { createPremiumCheck } from './wallet.premium';
import { createWalletRepository, type WalletRepository } from './wallet.repository';
import { createSolanaReader, type SolanaReader } from './wallet.solana';

export interface WalletDeps {
  wallets: WalletRepository;
  /** null when no token is configured: nothing then calls the RPC. */
  token: { mint: string; solana: SolanaReader; market: MarketData } | null;
  premium: PremiumCheck;
  /** TOKEN_DECIMALS: balances are converted with it (the mint's on-chain value shows in token-info). */
  decimals: number;
}

export function createWalletDeps(input: {
  config: Config;
  db: Database;
  now: () => Date;
}): WalletDeps {
  const { config, now } = input;
  const mint = configuredMint(config.TOKEN_MINT);
  const token = mint
    ? {
        mint,
        solana: createSolanaReader({
          rpcUrl: config.SOLANA_RPC_URL,
          mint,
          timeoutMs: config.SOLANA_RPC_TIMEOUT_MS,
          now,
        }),
        market: createMarketData({
          baseUrl: config.MARKET_DATA_URL,
          mint,
          timeoutMs: config.SOLANA_RPC_TIMEOUT_MS,
          now,
        }),
      }
    : null;
  return {
    wallets: createWalletRepository({ db: input.db }),
    token,
    decimals: config.TOKEN_DECIMALS,
    premium: createPremiumCheck({
      solana: token?.solana ?? null,
      minBalance: config.PREMIUM_MIN_BALANCE,
      decimals: config.TOKEN_DECIMALS,
    }),
  };
}
