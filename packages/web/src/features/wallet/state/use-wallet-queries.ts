import { useQuery } from '@tanstack/react-query';
import { serverMessageOf } from '../../../lib/server-message';
import { fetchTokenInfo, fetchWalletBalance } from '../api/wallet-api';
import { BALANCE_REFRESH_MS, PRICE_REFRESH_MS, WALLET_MESSAGES } from './wallet-context';

export const walletQueryKeys = {
  all: ['wallet'] as const,
  balance: (address: string | null) => ['wallet', 'balance', address] as const,
  tokenInfo: ['wallet', 'token-info'] as const,
};

const notConfigured = (error: unknown) => serverMessageOf(error) === WALLET_MESSAGES.notConfigured;

/**
 * Balances and token info, read through our own server (the page never calls an RPC node or a
 * market-data site). Both only run while a wallet is linked, each on its own refresh period.
 */
export function useWalletQueries(address: string | null) {
  const connected = address !== null;
  const balance = useQuery({
    queryKey: walletQueryKeys.balance(address),
    queryFn: fetchWalletBalance,
    enabled: connected,
    refetchInterval: connected ? BALANCE_REFRESH_MS : false,
    staleTime: BALANCE_REFRESH_MS,
  });
  const tokenInfo = useQuery({
    queryKey: walletQueryKeys.tokenInfo,
    queryFn: fetchTokenInfo,
    enabled: connected,
    refetchInterval: connected ? PRICE_REFRESH_MS : false,
    staleTime: PRICE_REFRESH_MS,
  });

  const tokenConfigured =
    tokenInfo.data?.configured !== false &&
    !notConfigured(tokenInfo.error) &&
    !notConfigured(balance.error);
  const balanceError =
    balance.error && !notConfigured(balance.error)
      ? (serverMessageOf(balance.error) ?? WALLET_MESSAGES.balance)
      : null;

  return { balance, tokenInfo, tokenConfigured, balanceError };
}
