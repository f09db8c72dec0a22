import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, networkError, ok } from '../../../testing/mock-api';
import { testUser } from '../../../testing/render-with-session';
import { registerFakeWallet } from '../testing/fake-standard-wallet';
import { renderWallet } from '../testing/render-wallet';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function fakePhantom(options: { rejectSigning?: boolean } = {}) {
  const fake = await registerFakeWallet({ name: 'Phantom', ...options });
  cleanups.push(fake.unregister);
  return fake;
}

async function choose(name: 'Phantom' | 'Solflare') {
  await userEvent.click(await screen.findByRole('button', { name: 'Connect Wallet' }));
  await userEvent.click(screen.getByRole('button', { name }));
}

describe('wallet connect', () => {
  it('tells a guest that a wallet is linked to an account, and offers no wallet to pick', async () => {
    renderWallet({ user: null });
    const trigger = screen.getByRole('button', { name: 'Connect Wallet' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(
      screen.getByText('A wallet is linked to an account. Log in to link yours.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Phantom' })).not.toBeInTheDocument();
  });

  it('tells the user where to get a wallet that is not installed, and clears the error', async () => {
    renderWallet();
    await choose('Solflare');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Solflare wallet not detected. Please install the Solflare browser extension from https://solflare.com/ and refresh the page.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss wallet error' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Phantom' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Phantom wallet not detected. Please install the Phantom browser extension from https://phantom.app/ and refresh the page.',
    );
  });

  it("makes the not-detected message's install address a real link, opened in a new tab", async () => {
    renderWallet();
    await choose('Solflare');
    const alert = await screen.findByRole('alert');
    const install = within(alert).getByRole('link', { name: 'https://solflare.com/' });
    expect(install).toHaveAttribute('href', 'https://solflare.com/');
    expect(install).toHaveAttribute('target', '_blank');
    expect(install).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(alert).getAllByRole('link')).toHaveLength(1);
  });

  it('connects, signs the nonce message, links with a base58 signature, reloads the user and shows balances', async () => {
    const phantom = await fakePhantom();
    const siws = `sealdrop.test wants you to sign in with your Solana account:\n${phantom.address}\n\nNonce: abcdef123456`;
    let linked = false;
    const { api } = renderWallet({
      routes: {
        'GET /auth/me': () =>
          ok({
            user: testUser({ solanaWallet: linked ? phantom.address : null, isPremium: linked }),
          }),
        'GET /solana/nonce': (call) => {
          expect(call.url.searchParams.get('walletAddress')).toBe(phantom.address);
          return ok({ message: siws, nonce: 'abcdef123456', expiresAt: '2026-11-22T07:00:00Z' });
        },
        'POST /solana/connect': () => {
          linked = true;
          return ok({ balance: 12000.5, isPremium: true, message: 'Wallet connected' });
        },
      },
    });
    await choose('Phantom');

    const menuButton = await screen.findByRole('button', { name: /^Wallet / });
    expect(phantom.signedMessages).toEqual([siws]);
    const [link] = api.callsTo('POST /solana/connect');
    const body = link!.body as { walletAddress: string; signature: string; message: string };
    expect(body.walletAddress).toBe(phantom.address);
    expect(body.message).toBe(siws);
    expect(body.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect(await phantom.verify(body.signature, siws)).toBe(true);
    expect(link!.authorization).toBe('Bearer tok');

    // The balance is asked for by an effect of the connected control, after it is drawn.
    await vi.waitFor(() => expect(api.callsTo('GET /solana/balance')).toHaveLength(1));
    const order = api.calls
      .map((c) => `${c.method} ${c.path}`)
      .filter((c) => c !== 'GET /auth/me' && c !== 'GET /config');
    expect(order.slice(0, 3)).toEqual([
      'GET /solana/nonce',
      'POST /solana/connect',
      'GET /solana/balance',
    ]);
    expect(api.callsTo('GET /auth/me')).toHaveLength(2);

    await userEvent.click(menuButton);
    expect(await screen.findByText('12,000.5')).toBeVisible();
    expect(screen.getByText('Elite')).toBeVisible();
  });

  it.each([
    ['the link is refused without a message', fail(500), 'Failed to connect wallet to account'],
    ['the link is refused with a message', fail(400, 'Invalid signature'), 'Invalid signature'],
    ['the link call fails on the network', null, 'Failed to connect wallet'],
  ])('shows the fixed message when %s', async (_case, reply, message) => {
    const phantom = await fakePhantom();
    renderWallet({
      routes: {
        'GET /solana/nonce': ok({ message: 'Sign in', nonce: 'n', expiresAt: '' }),
        'POST /solana/connect': reply ?? networkError,
      },
    });
    await choose('Phantom');
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${message}$`));
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeInTheDocument();
    expect(phantom.disconnect).toHaveBeenCalled();
  });

  it('falls back to "Failed to connect wallet" when the nonce fails or the user declines to sign', async () => {
    await fakePhantom({ rejectSigning: true });
    const { api } = renderWallet({
      routes: { 'GET /solana/nonce': ok({ message: 'Sign in', nonce: 'n', expiresAt: '' }) },
    });
    await choose('Phantom');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to connect wallet$/);
    expect(api.callsTo('POST /solana/connect')).toHaveLength(0);
  });

  it('shows the server message when the nonce is refused', async () => {
    await fakePhantom();
    renderWallet({ routes: { 'GET /solana/nonce': fail(429, 'Too many requests') } });
    await choose('Phantom');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
  });

  it('keeps the picker usable with the keyboard and closes it with Escape', async () => {
    renderWallet();
    const trigger = await screen.findByRole('button', { name: 'Connect Wallet' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const panel = document.getElementById(trigger.getAttribute('aria-controls')!)!;
    expect(within(panel).getByRole('button', { name: 'Phantom' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });
});
