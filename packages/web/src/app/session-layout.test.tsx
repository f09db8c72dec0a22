import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../lib/api-client';
import { STORAGE_SETTLE_MS } from '../lib/session/token-storage';
import { fail, mockApi, ok } from '../testing/mock-api';
import { renderWithSession, testUser } from '../testing/render-with-session';
import { sessionToken } from '../testing/session-token';
import { SessionAuthCallbackPage } from './session-auth-callback-page';
import { SessionLayout } from './session-layout';

function renderLayout(path = '/') {
  return renderWithSession(null, {
    path,
    routes: [
      {
        element: <SessionLayout />,
        children: [
          { path: '/', element: <main>Home content</main> },
          { path: '/account/files', element: <main>Files content</main> },
          {
            path: '/work',
            element: (
              <main>
                <p>Work in progress</p>
                <button type="button" onClick={() => void apiRequest('/files/x').catch(() => {})}>
                  Save
                </button>
              </main>
            ),
          },
          { path: '/auth/callback', element: <SessionAuthCallbackPage /> },
        ],
      },
    ],
  });
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

describe('SessionLayout', () => {
  it('opens the real login modal from the top bar for a guest and signs in', async () => {
    mockApi({ 'POST /auth/login': ok({ user: testUser(), token: 'tok' }) });
    renderLayout();
    const bar = screen.getByRole('banner');
    await userEvent.click(within(bar).getByRole('button', { name: 'Log In' }));
    // The dialog's script comes when it first opens.
    const dialog = await screen.findByRole('dialog', { name: 'Log In' });
    await userEvent.type(within(dialog).getByLabelText('Email'), 'alice@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'Secret12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log In' }));
    expect(await within(bar).findByText('A')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the avatar letter and a "My files" link for a signed-in user', async () => {
    localStorage.setItem('authToken', 'tok');
    mockApi({ 'GET /auth/me': ok({ user: testUser({ email: 'zoe@example.com' }) }) });
    const { router } = renderLayout();
    const bar = screen.getByRole('banner');
    expect(await within(bar).findByText('Z')).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Log In' })).not.toBeInTheDocument();
    await userEvent.click(within(bar).getByRole('link', { name: 'My files' }));
    expect(router.state.location.pathname).toBe('/account/files');
    expect(screen.getByText('Files content')).toBeInTheDocument();
  });

  it('opens the account menu from the avatar, and logs out from its "Log out"', async () => {
    localStorage.setItem('authToken', 'tok');
    const api = mockApi({ 'GET /auth/me': ok({ user: testUser() }), 'POST /auth/logout': ok() });
    renderLayout();
    const bar = screen.getByRole('banner');
    await userEvent.click(await within(bar).findByText('A'));
    expect(localStorage.getItem('authToken')).toBe('tok');
    const menu = within(bar).getByRole('menu', { name: 'Account' });
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/account/settings',
    );
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    expect(within(bar).getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(within(bar).queryByRole('link', { name: 'My files' })).not.toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(api.callsTo('POST /auth/logout')).toHaveLength(1);
  });

  it('shows the email, account links and Logout in the mobile menu', async () => {
    localStorage.setItem('authToken', 'tok');
    mockApi({ 'GET /auth/me': ok({ user: testUser() }), 'POST /auth/logout': ok() });
    renderLayout();
    await within(screen.getByRole('banner')).findByText('A');
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByText('alice@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'My files' })).toHaveAttribute(
      'href',
      '/account/files',
    );
    await userEvent.click(within(menu).getByRole('button', { name: 'Logout' }));
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('signs in with the session the external sign-in callback exchanged its cookie for', async () => {
    const user = testUser({ email: 'oidc@example.com' });
    const api = mockApi({
      'POST /auth/oidc/exchange': ok({ user, token: 'from-oidc' }),
      'GET /auth/me': ok({ user }),
    });
    renderLayout('/auth/callback?success=true');
    expect(await within(screen.getByRole('banner')).findByText('O')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe('from-oidc');
    expect(api.callsTo('GET /auth/me').at(-1)?.authorization).toBe('Bearer from-oidc');
  });
});

describe('SessionLayout when the session cannot be renewed', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const refused = fail(401, 'Session expired or invalid. Please log in again.');
  const advance = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('says "Session expired" in the login dialog, over the same page, and logs in again there', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 20, 9, 0, 0) });
    localStorage.setItem('authToken', sessionToken());
    mockApi({
      'GET /auth/me': ok({ user: testUser() }),
      'POST /auth/refresh-token': refused,
      'POST /auth/login': ok({ user: testUser(), token: 'again' }),
    });
    const { router } = renderLayout('/account/files');
    await advance();
    expect(within(screen.getByRole('banner')).getByText('A')).toBeInTheDocument();

    // The renewal is due a day before the 7-day token expires; the server refuses it.
    await advance(6 * DAY_MS);
    await advance(STORAGE_SETTLE_MS);
    // The dialog's script comes when it first opens (vi.waitFor moves the fake clock on).
    const dialog = await vi.waitFor(() =>
      screen.getByRole('dialog', { name: 'Log In', description: 'Session expired' }),
    );
    expect(screen.getAllByText('Session expired')).toHaveLength(1);
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(router.state.location.pathname).toBe('/account/files');
    expect(screen.getByText('Files content')).toBeInTheDocument();

    vi.useRealTimers();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'alice@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'Secret12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log In' }));
    expect(await within(screen.getByRole('banner')).findByText('A')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/files');
    expect(localStorage.getItem('authToken')).toBe('again');
  });

  it('does the same when an ordinary call is refused and so is the renewal', async () => {
    localStorage.setItem('authToken', sessionToken());
    const api = mockApi({
      'GET /auth/me': ok({ user: testUser() }),
      'GET /files/x': refused,
      'POST /auth/refresh-token': refused,
    });
    const { router } = renderLayout('/work');
    await within(screen.getByRole('banner')).findByText('A');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Log In' },
      { timeout: STORAGE_SETTLE_MS + 1000 },
    );
    expect(dialog).toHaveAccessibleDescription('Session expired');
    expect(api.callsTo('POST /auth/refresh-token')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/work');
    expect(screen.getByText('Work in progress')).toBeInTheDocument();

    // Closed, it stays closed: the page goes on for a guest.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Session expired')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('banner')).getByRole('button', { name: 'Log In' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/work');
  });
});
