import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { registerFakeWallet } from '../features/wallet/testing/fake-standard-wallet';
import { balanceOf, tokenInfoOf } from '../features/wallet/testing/render-wallet';
import { mockApi, ok } from '../testing/mock-api';
import { renderWithSession, testUser } from '../testing/render-with-session';
import { SessionLayout } from './session-layout';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

describe('wallet control in the layout', () => {
  it('shares one connection between the top bar and the mobile menu', async () => {
    const phantom = await registerFakeWallet({ name: 'Phantom' });
    let linked = false;
    localStorage.setItem('authToken', 'tok');
    mockApi({
      'GET /auth/me': () =>
        ok({ user: testUser({ solanaWallet: linked ? phantom.address : null }) }),
      'GET /solana/nonce': ok({ message: 'Sign in', nonce: 'n', expiresAt: '' }),
      'POST /solana/connect': () => {
        linked = true;
        return ok({ balance: 12000, isPremium: true, message: 'ok' });
      },
      'GET /solana/balance': ok(balanceOf({ walletAddress: phantom.address })),
      'GET /solana/token-info': ok(tokenInfoOf()),
    });
    renderWithSession(null, {
      routes: [{ element: <SessionLayout />, children: [{ path: '/', element: <main /> }] }],
    });
    const bar = screen.getByRole('banner');
    await within(bar).findByText('A');
    await userEvent.click(within(bar).getByRole('button', { name: 'Connect Wallet' }));
    await userEvent.click(within(bar).getByRole('button', { name: 'Phantom' }));
    const short = `${phantom.address.slice(0, 4)}...${phantom.address.slice(-4)}`;
    expect(await within(bar).findByRole('button', { name: `Wallet ${short}` })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('button', { name: `Wallet ${short}` })).toBeInTheDocument();
    phantom.unregister();
  });

  it('offers a guest "Log In" from the wallet picker, which opens the layout\'s login dialog', async () => {
    mockApi({});
    renderWithSession(null, {
      routes: [{ element: <SessionLayout />, children: [{ path: '/', element: <main /> }] }],
    });
    const bar = screen.getByRole('banner');
    await userEvent.click(within(bar).getByRole('button', { name: 'Connect Wallet' }));
    const panel = within(bar).getByText('A wallet is linked to an account. Log in to link yours.');
    expect(panel).toBeVisible();
    const logIn = within(panel.parentElement!).getByRole('button', { name: 'Log In' });
    await userEvent.click(logIn);
    // The dialog's script comes when it first opens.
    expect(await screen.findByRole('dialog', { name: 'Log In' })).toBeInTheDocument();
    expect(panel).not.toBeVisible();
  });
});
