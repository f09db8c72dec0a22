import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { serverMessageOf } from '../../../lib/server-message';
import { useSession } from '../../../lib/session/session-context';
import { findWalletAdapter } from '../adapters/find-wallet';
import {
  notDetectedMessage,
  type WalletAdapter,
  type WalletName,
} from '../adapters/wallet-adapter';
import { unlinkWallet } from '../api/wallet-api';
import { walletTierFor } from '../lib/wallet-tiers';
import { linkWithWallet, WalletFlowError } from './link-wallet-flow';
import { useWalletQueries, walletQueryKeys } from './use-wallet-queries';
import {
  WALLET_MESSAGES,
  WalletContext,
  type WalletOutcome,
  type WalletState,
} from './wallet-context';

interface LocalState {
  connecting: boolean;
  loading: boolean;
  error: string | null;
  name: WalletName | null;
  /** Set once this page linked an address, in case the reloaded user arrives without it. */
  linkedAddress: string | null;
  /** Unlinked on the server; the user still names the wallet until it is reloaded. */
  unlinked: boolean;
}

const IDLE: LocalState = {
  connecting: false,
  loading: false,
  error: null,
  name: null,
  linkedAddress: null,
  unlinked: false,
};

/**
 * Disconnected → connecting → connected and back. Sits above the top bar and the
 * mobile menu, which both render the wallet control, so they share one connection.
 */
export function WalletProvider({ children }: { children: ReactNode }) {
  const { user, reloadUser } = useSession();
  const queryClient = useQueryClient();
  const [state, setState] = useState<LocalState>(IDLE);
  const adapter = useRef<WalletAdapter | null>(null);
  // An error from a background balance refresh stays hidden once dismissed, until a newer one.
  const [dismissedAt, setDismissedAt] = useState(0);

  const address = user && !state.unlinked ? (user.solanaWallet ?? state.linkedAddress) : null;
  const connected = address !== null && !state.connecting;
  const { balance, tokenInfo, tokenConfigured, balanceError } = useWalletQueries(
    connected ? address : null,
  );

  // Signing out ends this page's wallet connection too.
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId !== null) return;
    void adapter.current?.disconnect().catch(() => {});
    adapter.current = null;
    setState(IDLE);
  }, [userId]);

  const fail = useCallback((error: string): WalletOutcome => {
    setState((current) => ({ ...current, connecting: false, loading: false, error }));
    return { success: false, error };
  }, []);

  const connect = useCallback(
    async (name: WalletName): Promise<WalletOutcome> => {
      if (!user) return fail(WALLET_MESSAGES.signInFirst);
      const found = findWalletAdapter(name);
      if (!found) return fail(notDetectedMessage(name));
      setState((current) => ({ ...current, connecting: true, loading: true, error: null }));
      try {
        const { address: linked } = await linkWithWallet(found);
        adapter.current = found;
        await queryClient.resetQueries({ queryKey: walletQueryKeys.all });
        await reloadUser();
        setState({ ...IDLE, name, linkedAddress: linked });
        return { success: true };
      } catch (error) {
        void found.disconnect().catch(() => {});
        return fail(error instanceof WalletFlowError ? error.message : WALLET_MESSAGES.connect);
      }
    },
    [user, fail, queryClient, reloadUser],
  );

  const disconnect = useCallback(async (): Promise<WalletOutcome> => {
    setState((current) => ({ ...current, loading: true, error: null }));
    try {
      await unlinkWallet();
      await adapter.current?.disconnect().catch(() => {});
      adapter.current = null;
      queryClient.removeQueries({ queryKey: walletQueryKeys.all });
      setState({ ...IDLE, loading: true, unlinked: true });
      await reloadUser();
      setState(IDLE);
      return { success: true };
    } catch (error) {
      return fail(serverMessageOf(error) ?? WALLET_MESSAGES.disconnect);
    }
  }, [fail, queryClient, reloadUser]);

  // A refresh that moves the balance across the premium line updates the account (upload limit).
  const seenBalanceAt = useRef(0);
  const balancePremium = balance.data?.isPremium;
  const userPremium = user?.isPremium;
  useEffect(() => {
    if (!connected || balancePremium === undefined || balancePremium === userPremium) return;
    if (seenBalanceAt.current === balance.dataUpdatedAt) return;
    seenBalanceAt.current = balance.dataUpdatedAt;
    void reloadUser();
  }, [connected, balancePremium, userPremium, balance.dataUpdatedAt, reloadUser]);

  const { refetch } = balance;
  const checkBalance = useCallback(async (): Promise<WalletOutcome> => {
    if (!connected) return fail(WALLET_MESSAGES.notConnected);
    const result = await refetch();
    if (!result.isError) return { success: true };
    return fail(serverMessageOf(result.error) ?? WALLET_MESSAGES.balance);
  }, [connected, refetch, fail]);

  const clearError = useCallback(() => {
    setState((current) => ({ ...current, error: null }));
    setDismissedAt(Date.now());
  }, []);

  const tokenBalance = connected ? (balance.data?.tokenBalance ?? 0) : 0;
  const showBalanceError = balanceError !== null && balance.errorUpdatedAt > dismissedAt;
  const value = useMemo<WalletState>(
    () => ({
      status: state.connecting ? 'connecting' : connected ? 'connected' : 'disconnected',
      name: connected ? state.name : null,
      address: connected ? address : null,
      adapter: adapter.current,
      tokenBalance,
      solBalance: connected ? (balance.data?.solBalance ?? 0) : 0,
      tokenPrice: connected ? (tokenInfo.data?.price ?? null) : null,
      tier: walletTierFor(tokenBalance, connected ? balance.data?.tier : undefined),
      isPremium: connected ? (balance.data?.isPremium ?? user?.isPremium ?? false) : false,
      tokenInfo: tokenInfo.data ?? null,
      tokenConfigured,
      signedIn: user !== null,
      loading: state.loading,
      error: state.error ?? (showBalanceError ? balanceError : null),
      connect,
      disconnect,
      checkBalance,
      clearError,
    }),
    [
      state,
      connected,
      address,
      tokenBalance,
      balance.data,
      tokenInfo.data,
      tokenConfigured,
      user,
      showBalanceError,
      balanceError,
      connect,
      disconnect,
      checkBalance,
      clearError,
    ],
  );

  return <WalletContext.Provider value={value}>{children}</WalletContext.Provider>;
}
