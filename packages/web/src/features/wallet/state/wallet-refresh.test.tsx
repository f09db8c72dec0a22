import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../../testing/render-with-session';
import { LINKED_ADDRESS, renderWallet } from '../testing/render-wallet';
import { BALANCE_REFRESH_MS, PRICE_REFRESH_MS } from './wallet-context';

beforeEach(() => {
  // The clock also moves on its own, so Testing Library's waiting still works.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('wallet refresh', () => {
  it('sets the periods: balances 5 minutes, price 30 seconds', () => {
    expect(BALANCE_REFRESH_MS).toBe(300_000);
    expect(PRICE_REFRESH_MS).toBe(30_000);
  });

  it('re-reads the price every 30 s and the balances every 5 min while connected', async () => {
    const { api } = renderWallet({ user: testUser({ solanaWallet: LINKED_ADDRESS }) });
    await screen.findByRole('button', { name: 'Wallet 7xKX...gAsU' });
    await vi.waitFor(() => expect(api.callsTo('GET /solana/balance')).toHaveLength(1));
    expect(api.callsTo('GET /solana/token-info')).toHaveLength(1);

    await advance(PRICE_REFRESH_MS);
    expect(api.callsTo('GET /solana/token-info')).toHaveLength(2);
    expect(api.callsTo('GET /solana/balance')).toHaveLength(1);

    await advance(BALANCE_REFRESH_MS - PRICE_REFRESH_MS);
    expect(api.callsTo('GET /solana/balance')).toHaveLength(2);
    expect(api.callsTo('GET /solana/token-info')).toHaveLength(11);
  });

  it('reads nothing while no wallet is linked', async () => {
    const { api } = renderWallet({ user: testUser() });
    await screen.findByRole('button', { name: 'Connect Wallet' });
    await advance(BALANCE_REFRESH_MS * 2);
    expect(api.callsTo('GET /solana/balance')).toHaveLength(0);
    expect(api.callsTo('GET /solana/token-info')).toHaveLength(0);
  });
});
