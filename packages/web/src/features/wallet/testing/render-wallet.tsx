/**
 * Renders the wallet control inside its provider, with a signed-in (or guest) session and the
 * server's wallet endpoints answered by `mockApi`.
 */
import type { PublicUser } from '@sealdrop/core/api-auth-schemas';
import { mockApi, ok } from '../../../testing/mock-api';
import { renderWithSession, testUser } from '../../../testing/render-with-session';
import type { TokenInfo, WalletBalance } from '../api/wallet-api';
import { WalletControl } from '../components/wallet-control';
import { WalletProvider } from '../state/wallet-provider';

export const LINKED_ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

export function balanceOf(overrides: Partial<WalletBalance> = {}): WalletBalance {
  return {
    walletAddress: LINKED_ADDRESS,
    tokenBalance: 12000.5,
    tokenBalanceRaw: '12000500000',
    solBalance: 1.23456789,
    decimals: 6,
    tier: 'Elite',
    isPremium: true,
    ...overrides,
  };
}

export function tokenInfoOf(overrides: Partial<TokenInfo> = {}): TokenInfo {
  return {
    mintAddress: 'Mint111111111111111111111111111111111111111',
    symbol: 'SEAL',
    name: 'Seal Token',
    decimals: 6,
    supply: 1_000_000_000,
    price: 0.0025,
    marketCap: 2_500_000,
    launchUrl: 'https://launch.example/seal',
    marketUrl: 'https://market.example/seal',
    explorerUrl: 'https://explorer.example/token/seal',
    configured: true,
    ...overrides,
  };
}

type Route = Parameters<typeof mockApi>[0][string];

/** A signed-in user (`user: null` for a guest) and wallet routes; `routes` overrides any of them. */
export function renderWallet({
  user = testUser(),
  routes = {},
}: {
  user?: PublicUser | null;
  routes?: Record<string, Route>;
} = {}) {
  if (user) localStorage.setItem('authToken', 'tok');
  const api = mockApi({
    'GET /auth/me': ok({ user }),
    'GET /solana/balance': ok(balanceOf()),
    'GET /solana/token-info': ok(tokenInfoOf()),
    'GET /config': ok({ tokenExplorerUrl: 'https://solscan.io/token/{mint}' }),
    ...routes,
  });
  const view = renderWithSession(
    <WalletProvider>
      <WalletControl />
    </WalletProvider>,
  );
  return { ...view, api };
}
