/**
 * The wallet and reward answers (the /solana/* routes) as the browser parses them: types only, see
 * api-schemas.ts.
 */
import { z } from 'zod/mini';
import { WALLET_TIER_NAMES } from './limits';

/** `GET /solana/nonce`: the Sign-In-With-Solana text the wallet signs to prove ownership. */
export const walletNonceSchema = z.object({
  message: z.string(),
  nonce: z.string(),
  expiresAt: z.string(),
});
export type WalletNonce = z.infer<typeof walletNonceSchema>;

/** `POST /solana/connect`: balance in whole tokens, null when the RPC failed right after linking. */
export const walletLinkResultSchema = z.object({
  balance: z.nullable(z.number()),
  isPremium: z.boolean(),
  message: z.string(),
});
export type WalletLinkResult = z.infer<typeof walletLinkResultSchema>;

/** `GET /solana/balance`: read by the server over JSON-RPC; tokenBalance is in whole tokens. */
export const walletBalanceSchema = z.object({
  walletAddress: z.string(),
  tokenBalance: z.number(),
  tokenBalanceRaw: z.string(),
  solBalance: z.number(),
  decimals: z.number(),
  tier: z.enum(WALLET_TIER_NAMES),
  isPremium: z.boolean(),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

/** `GET /solana/token-info` (public); price is in USD, null when no market has it. */
export const tokenInfoSchema = z.object({
  mintAddress: z.string(),
  symbol: z.string(),
  name: z.string(),
  decimals: z.number(),
  supply: z.nullable(z.union([z.number(), z.string()])),
  price: z.nullable(z.number()),
  marketCap: z.nullable(z.number()),
  launchUrl: z.nullable(z.string()),
  marketUrl: z.nullable(z.string()),
  explorerUrl: z.nullable(z.string()),
  configured: z.optional(z.boolean()),
});
export type TokenInfo = z.infer<typeof tokenInfoSchema>;

/** `POST /solana/reward-file-upload`: `reward: 0` with a reason when nothing is due. */
export const uploadRewardSchema = z.object({
  reward: z.number(),
  newBalance: z.number(),
  message: z.optional(z.string()),
});
export type UploadReward = z.infer<typeof uploadRewardSchema>;

/** `POST /solana/reward-file-download`. */
export const downloadRewardSchema = z.object({ reward: z.number() });
