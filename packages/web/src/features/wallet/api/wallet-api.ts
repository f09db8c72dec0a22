import type {
  TokenInfo,
  WalletBalance,
  WalletLinkResult,
  WalletNonce,
} from '@sealdrop/core/api-wallet-schemas';
import {
  tokenInfoSchema,
  walletBalanceSchema,
  walletLinkResultSchema,
  walletNonceSchema,
} from '@sealdrop/core/api-wallet-schemas';
import { apiRequest } from '../../../lib/api-client';

export type { TokenInfo, WalletBalance, WalletLinkResult, WalletNonce };

export const fetchWalletNonce = (walletAddress: string) =>
  apiRequest(`/solana/nonce?walletAddress=${encodeURIComponent(walletAddress)}`, {
    schema: walletNonceSchema,
  });

export const linkWallet = (body: { walletAddress: string; signature: string; message: string }) =>
  apiRequest('/solana/connect', { schema: walletLinkResultSchema, method: 'POST', body });

export const unlinkWallet = () => apiRequest('/solana/disconnect', { method: 'POST' });

export const fetchWalletBalance = () =>
  apiRequest('/solana/balance', { schema: walletBalanceSchema });

export const fetchTokenInfo = () => apiRequest('/solana/token-info', { schema: tokenInfoSchema });
