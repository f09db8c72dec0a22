import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAuthDialogStub } from '../../../testing/auth-dialog-stub';
import { fail, mockApi, ok } from '../../../testing/mock-api';
import { renderWithSession, testUser } from '../../../testing/render-with-session';
import { BalancePage } from './balance-page';

function signedIn(history: Parameters<typeof mockApi>[0][string]) {
  localStorage.setItem('authToken', 'tok');
  const api = mockApi({
    'GET /auth/me': ok({ user: testUser({ prickoBalance: 42 }) }),
    'GET /auth/balance-history': history,
  });
  renderWithSession(<BalancePage renderAuthDialog={renderAuthDialogStub} />, {
    path: '/account/balance',
  });
  return api;
}

describe('Balance', () => {
  it('asks a signed-out visitor to log in', () => {
    mockApi({});
    renderWithSession(<BalancePage renderAuthDialog={renderAuthDialogStub} />);
    expect(screen.getByRole('heading', { name: 'Balance' })).toBeInTheDocument();
    expect(screen.getByText('Log in to see your balance.')).toBeInTheDocument();
  });

  it('shows the balance and the latest history entries', async () => {
    const api = signedIn(
      ok({
        balance: 57,
        entries: [
          { id: 'e1', amount: 10, reason: 'upload_reward', createdAt: '2026-11-20T10:00:00Z' },
          { id: 'e2', amount: -3, reason: 'adjustment', createdAt: '2026-11-19T10:00:00Z' },
        ],
      }),
    );
    expect(await screen.findByText('Upload reward')).toBeInTheDocument();
    expect(screen.getByText('+10')).toBeInTheDocument();
    expect(screen.getByText('-3')).toBeInTheDocument();
    expect(screen.getByTestId('balance-value')).toHaveTextContent('57');
    expect(api.callsTo('GET /auth/balance-history')[0]?.url.search).toBe('?limit=10');
  });

  it('shows the user balance and "Failed to fetch balance history" when the history fails', async () => {
    signedIn(fail(500));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fetch balance history')).toBeInTheDocument();
    expect(screen.getByTestId('balance-value')).toHaveTextContent('42');
  });
});
