import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../testing/mock-api';
import { renderWithSession, testUser } from '../../../testing/render-with-session';
import { balanceOf, LINKED_ADDRESS, tokenInfoOf } from '../testing/render-wallet';
import { useWallet, type WalletState } from './wallet-context';
import { WalletProvider } from './wallet-provider';

function renderProbe() {
  const seen: { current: WalletState | null } = { current: null };
  function Probe() {
    seen.current = useWallet();
    return <p>{seen.current.status}</p>;
  }
  renderWithSession(
    <WalletProvider>
      <Probe />
    </WalletProvider>,
  );
  return seen;
}

describe('WalletProvider', () => {
  it('refuses a balance check without a linked wallet with "Wallet not connected"', async () => {
    localStorage.setItem('authToken', 'tok');
    const api = mockApi({ 'GET /auth/me': ok({ user: testUser() }) });
    const wallet = renderProbe();
    expect(await screen.findByText('disconnected')).toBeInTheDocument();
    let outcome: unknown;
    await act(async () => {
      outcome = await wallet.current!.checkBalance();
    });
    expect(outcome).toEqual({ success: false, error: 'Wallet not connected' });
    expect(wallet.current!.error).toBe('Wallet not connected');
    expect(api.callsTo('GET /solana/balance')).toHaveLength(0);
    act(() => wallet.current!.clearError());
    expect(wallet.current!.error).toBeNull();
  });

  it('starts disconnected with zero balances and the Free tier for a guest', () => {
    mockApi({});
    const wallet = renderProbe();
    expect(wallet.current).toMatchObject({
      status: 'disconnected',
      address: null,
      tokenBalance: 0,
      solBalance: 0,
      tokenPrice: null,
      isPremium: false,
      signedIn: false,
      loading: false,
      error: null,
    });
    expect(wallet.current!.tier.name).toBe('Free');
  });

  it('refuses to link for a guest', async () => {
    mockApi({});
    const wallet = renderProbe();
    let outcome: unknown;
    await act(async () => {
      outcome = await wallet.current!.connect('Phantom');
    });
    expect(outcome).toEqual({
      success: false,
      error: 'Log in first to link a wallet to your account.',
    });
  });

  it('reloads the account once when a balance read shows the premium status changed', async () => {
    localStorage.setItem('authToken', 'tok');
    let meCalls = 0;
    const api = mockApi({
      'GET /auth/me': () => {
        meCalls += 1;
        // The first answer predates the tokens; the reload sees the premium account.
        return ok({ user: testUser({ solanaWallet: LINKED_ADDRESS, isPremium: meCalls > 1 }) });
      },
      'GET /solana/balance': ok(balanceOf({ isPremium: true })),
      'GET /solana/token-info': ok(tokenInfoOf()),
    });
    const wallet = renderProbe();
    await vi.waitFor(() => expect(api.callsTo('GET /auth/me')).toHaveLength(2));
    await vi.waitFor(() => expect(wallet.current!.isPremium).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('GET /auth/me')).toHaveLength(2);
  });
});
