import { createContext, useContext } from 'react';
import type { WalletAdapter, WalletName } from '../adapters/wallet-adapter';
import type { TokenInfo } from '../api/wallet-api';
import type { WalletTier } from '../lib/wallet-tiers';

/** The wallet's fixed messages, word for word. */
export const WALLET_MESSAGES = {
  connect: 'Failed to connect wallet',
  link: 'Failed to connect wallet to account',
  disconnect: 'Failed to disconnect wallet',
  balance: 'Failed to check balance',
  notConnected: 'Wallet not connected',
  notConfigured: 'Token not configured',
  signInFirst: 'Log in first to link a wallet to your account.',
} as const;

/** What the picker tells a guest, above its "Log In" button. */
export const GUEST_WALLET_NOTE = 'A wallet is linked to an account. Log in to link yours.';

/** Balances every 5 minutes while connected, the price every 30 seconds. */
export const BALANCE_REFRESH_MS = 300_000;
export const PRICE_REFRESH_MS = 30_000;

export type WalletStatus = 'disconnected' | 'connecting' | 'connected';

/** Wallet actions report like session actions: success, or the message that is also in `error`. */
export type WalletOutcome = { success: true } | { success: false; error: string };

/** Wallet state plus what the dropdown shows. */
export interface WalletState {
  status: WalletStatus;
  /** The wallet used in this page; null for a wallet linked earlier (the server still knows it). */
  name: WalletName | null;
  address: string | null;
  adapter: WalletAdapter | null;
  tokenBalance: number;
  solBalance: number;
  /** USD per token; null while unknown or when no market lists it. */
  tokenPrice: number | null;
  tier: WalletTier;
  isPremium: boolean;
  tokenInfo: TokenInfo | null;
  /** False when the server says the token mint is not configured: token figures and links hide. */
  tokenConfigured: boolean;
  /** Linking needs an account, so a guest is asked to log in first. */
  signedIn: boolean;
  loading: boolean;
  error: string | null;
  connect: (name: WalletName) => Promise<WalletOutcome>;
  disconnect: () => Promise<WalletOutcome>;
  checkBalance: () => Promise<WalletOutcome>;
  clearError: () => void;
}

export const WalletContext = createContext<WalletState | null>(null);

export function useWallet(): WalletState {
  const wallet = useContext(WalletContext);
  if (!wallet) throw new Error('useWallet must be used inside <WalletProvider>');
  return wallet;
}
