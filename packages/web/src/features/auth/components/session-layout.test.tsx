import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../testing/mock-api';
import { renderWithSession, testUser } from '../../../testing/render-with-session';
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
          { path: '/auth/callback', element: <SessionAuthCallbackPage /> },
        ],
      },
    ],
  });
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SessionLayout', () => {
  it('opens the real login modal from the top bar for a guest and signs in', async () => {
    mockApi({ 'POST /auth/login': ok({ user: testUser(), token: 'tok' }) });
    renderLayout();
    const bar = screen.getByRole('banner');
    await userEvent.click(within(bar).getByRole('button', { name: 'Log In' }));
    const dialog = screen.getByRole('dialog', { name: 'Log In' });
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

  it('logs out when the avatar is clicked', async () => {
    localStorage.setItem('authToken', 'tok');
    const api = mockApi({ 'GET /auth/me': ok({ user: testUser() }), 'POST /auth/logout': ok() });
    renderLayout();
    const bar = screen.getByRole('banner');
    await userEvent.click(await within(bar).findByText('A'));
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
