import type { WalletTierName } from '@sealdrop/core/limits';
import { apiRequest } from '../../../lib/api-client';

/** `GET /solana/nonce`: the Sign-In-With-Solana text the wallet signs to prove ownership. */
export interface WalletNonce {
  message: string;
  nonce: string;
  expiresAt: string;
}

export interface WalletLinkResult {
  balance: number;
  isPremium: boolean;
  message: string;
}

/** `GET /solana/balance`: read by the server over JSON-RPC; tokenBalance is in whole tokens. */
export interface WalletBalance {
  walletAddress: string;
  tokenBalance: number;
  tokenBalanceRaw: string;
  solBalance: number;
  decimals: number;
  tier: WalletTierName;
  isPremium: boolean;
}

/** `GET /solana/token-info` (public); price is in USD, null when no market has it. */
export interface TokenInfo {
  mintAddress: string;
  symbol: string;
  name: string;
  decimals: number;
  supply: number | string | null;
  price: number | null;
  marketCap: number | null;
  launchUrl: string | null;
  marketUrl: string | null;
  explorerUrl: string | null;
  configured?: boolean;
}

export const fetchWalletNonce = (walletAddress: string) =>
  apiRequest<WalletNonce>(`/solana/nonce?walletAddress=${encodeURIComponent(walletAddress)}`);

export const linkWallet = (body: { walletAddress: string; signature: string; message: string }) =>
  apiRequest<WalletLinkResult>('/solana/connect', { method: 'POST', body });

export const unlinkWallet = () => apiRequest<unknown>('/solana/disconnect', { method: 'POST' });

export const fetchWalletBalance = () => apiRequest<WalletBalance>('/solana/balance');

export const fetchTokenInfo = () => apiRequest<TokenInfo>('/solana/token-info');
