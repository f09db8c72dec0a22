import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../testing/mock-api';
import { testUser } from '../../../testing/render-with-session';
import { balanceOf, LINKED_ADDRESS, renderWallet, tokenInfoOf } from '../testing/render-wallet';

const linkedUser = () => testUser({ solanaWallet: LINKED_ADDRESS, isPremium: true });

async function openDropdown() {
  const button = await screen.findByRole('button', { name: 'Wallet 7xKX...gAsU' });
  expect(button).toHaveTextContent('7xK...AsU');
  expect(button).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  return document.getElementById(button.getAttribute('aria-controls')!)!;
}

function fact(panel: HTMLElement, term: string) {
  return within(panel).getByText(term).nextElementSibling?.textContent;
}

describe('wallet dropdown', () => {
  it('shows the short address, balances with their fixed precision, value, tier and status', async () => {
    renderWallet({
      user: linkedUser(),
      routes: {
        'GET /solana/balance': ok(balanceOf({ tokenBalance: 12000.1234567, solBalance: 1.23456 })),
        'GET /solana/token-info': ok(tokenInfoOf({ price: 0.0000125 })),
      },
    });
    const panel = await openDropdown();
    expect(await within(panel).findByText('12,000.123457')).toBeVisible();
    expect(within(panel).getByText('7xKX...gAsU')).toBeVisible();
    expect(fact(panel, 'SEAL balance')).toBe('12,000.123457');
    expect(fact(panel, 'SOL balance')).toBe('1.2346');
    expect(fact(panel, 'USD value')).toBe('$0.150002');
    expect(fact(panel, 'Tier')).toContain('Elite');
    expect(fact(panel, 'Premium')).toBe('Premium active');
  });

  it.each([
    [0, 'Free', 'Not premium', '$0.00'],
    [1000, 'Basic', 'Not premium', '$2,000.00'],
    [5000, 'Pro', 'Not premium', '$10,000.00'],
    [10000, 'Elite', 'Premium active', '$20,000.00'],
  ] as const)('shows %d tokens as the %s tier', async (tokenBalance, tier, status, usd) => {
    renderWallet({
      user: testUser({ solanaWallet: LINKED_ADDRESS }),
      routes: {
        'GET /solana/balance': ok(
          balanceOf({ tokenBalance, tier, isPremium: tokenBalance >= 10000 }),
        ),
        'GET /solana/token-info': ok(tokenInfoOf({ price: 2 })),
      },
    });
    const panel = await openDropdown();
    const badge = await within(panel).findByText(tier, {
      exact: false,
      selector: '.sd-tier-badge',
    });
    expect(badge).toHaveClass(`sd-tier-badge--${tier.toLowerCase()}`);
    expect(fact(panel, 'Premium')).toBe(status);
    expect(fact(panel, 'USD value')).toBe(usd);
  });

  it('links to the explorer, the launch page and the market page in new tabs', async () => {
    renderWallet({ user: linkedUser() });
    const panel = await openDropdown();
    const explorer = await within(panel).findByRole('link', { name: /View on explorer/ });
    expect(explorer).toHaveAttribute('href', `https://solscan.io/account/${LINKED_ADDRESS}`);
    const launch = await within(panel).findByRole('link', { name: /Token launch page/ });
    expect(launch).toHaveAttribute('href', 'https://launch.example/seal');
    const market = within(panel).getByRole('link', { name: /Market data/ });
    expect(market).toHaveAttribute('href', 'https://market.example/seal');
    for (const link of [explorer, launch, market]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it("opens the address on the explorer of TOKEN_EXPLORER_URL, the operator's network included", async () => {
    renderWallet({
      user: linkedUser(),
      routes: {
        'GET /config': ok({
          tokenExplorerUrl: 'https://explorer.solana.com/address/{mint}?cluster=devnet',
        }),
      },
    });
    const panel = await openDropdown();
    expect(await within(panel).findByRole('link', { name: /View on explorer/ })).toHaveAttribute(
      'href',
      `https://explorer.solana.com/address/${LINKED_ADDRESS}?cluster=devnet`,
    );
  });

  it('still links the address when the server names no explorer', async () => {
    renderWallet({ user: linkedUser(), routes: { 'GET /config': fail(404, 'Not found') } });
    const panel = await openDropdown();
    expect(await within(panel).findByRole('link', { name: /View on explorer/ })).toHaveAttribute(
      'href',
      `https://explorer.solana.com/address/${LINKED_ADDRESS}`,
    );
  });

  it('hides token figures and links when the token is not configured', async () => {
    renderWallet({
      user: linkedUser(),
      routes: {
        'GET /solana/token-info': fail(503, 'Token not configured'),
        'GET /solana/balance': fail(503, 'Token not configured'),
      },
    });
    const panel = await openDropdown();
    expect(await within(panel).findByText('Token not configured')).toBeVisible();
    expect(within(panel).queryByText('USD value')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: /Market data/ })).not.toBeInTheDocument();
    expect(await within(panel).findByRole('link', { name: /View on explorer/ })).toBeVisible();
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reports "Failed to check balance" when the balance cannot be read', async () => {
    renderWallet({ user: linkedUser(), routes: { 'GET /solana/balance': fail(502) } });
    const panel = await openDropdown();
    expect(await within(panel).findByRole('alert')).toHaveTextContent(/^Failed to check balance$/);
    await userEvent.click(within(panel).getByRole('button', { name: 'Dismiss wallet error' }));
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Refresh' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Failed to check balance');
  });

  it('disconnects: unlinks on the server, releases the wallet and shows the picker again', async () => {
    let linked = true;
    const { api } = renderWallet({
      routes: {
        'GET /auth/me': () =>
          ok({
            user: testUser({ solanaWallet: linked ? LINKED_ADDRESS : null, isPremium: linked }),
          }),
        'POST /solana/disconnect': () => {
          linked = false;
          return ok();
        },
      },
    });
    const panel = await openDropdown();
    await userEvent.click(within(panel).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByRole('button', { name: 'Connect Wallet' })).toBeInTheDocument();
    expect(api.callsTo('POST /solana/disconnect')).toHaveLength(1);
    expect(api.callsTo('GET /auth/me')).toHaveLength(2);
    // Balances are not read again for the wallet that was just unlinked.
    expect(api.callsTo('GET /solana/balance')).toHaveLength(1);
  });

  it('reports "Failed to disconnect wallet" and stays linked when the server refuses', async () => {
    renderWallet({ user: linkedUser(), routes: { 'POST /solana/disconnect': fail(500) } });
    const panel = await openDropdown();
    await userEvent.click(within(panel).getByRole('button', { name: 'Disconnect' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      /^Failed to disconnect wallet$/,
    );
    expect(screen.getByRole('button', { name: 'Wallet 7xKX...gAsU' })).toBeInTheDocument();
  });
});
