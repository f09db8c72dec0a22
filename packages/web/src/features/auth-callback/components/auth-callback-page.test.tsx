import { act, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../testing/mock-api';
import { testUser } from '../../../testing/render-with-session';
import { AuthCallbackPage } from './auth-callback-page';

const ADA = testUser({ id: 'ada', email: 'ada@example.com' });
const EVE = testUser({ id: 'eve', email: 'eve@example.com' });

function renderCallback(query: string, onToken?: (token: string) => void, strict = false) {
  const entry = `/auth/callback${query}`;
  window.history.replaceState(null, '', entry);
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '/auth/callback', element: <AuthCallbackPage onToken={onToken} /> },
    ],
    { initialEntries: [entry] },
  );
  const app = <RouterProvider router={router} />;
  render(strict ? <StrictMode>{app}</StrictMode> : app);
  return router;
}

/** Lets the exchange and /auth/me answers arrive. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('AuthCallbackPage', () => {
  it('exchanges the login cookie for a session, stores the token and goes home after 1.5 s', async () => {
    const api = mockApi({ 'POST /auth/oidc/exchange': ok({ user: ADA, token: 'n3w' }) });
    const onToken = vi.fn();
    const router = renderCallback('?success=true', onToken);
    await settle();
    expect(api.callsTo('POST /auth/oidc/exchange')).toHaveLength(1);
    expect(localStorage.getItem('authToken')).toBe('n3w');
    expect(onToken).toHaveBeenCalledWith('n3w');
    expect(screen.getByText("You're signed in")).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1499));
    expect(router.state.location.pathname).toBe('/auth/callback');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/');
  });

  it('spends the one-time code once under StrictMode, whose effects run twice', async () => {
    const api = mockApi({ 'POST /auth/oidc/exchange': ok({ user: ADA, token: 'n3w' }) });
    renderCallback('?success=true', undefined, true);
    await settle();
    expect(api.callsTo('POST /auth/oidc/exchange')).toHaveLength(1);
    expect(screen.getByText("You're signed in")).toBeInTheDocument();
  });

  it('never signs in with a token from the URL: a crafted link shows an invalid response', async () => {
    mockApi({
      'POST /auth/oidc/exchange': fail(400, 'This sign-in has expired or was already used.'),
    });
    const onToken = vi.fn();
    renderCallback('?token=attacker-token&success=true', onToken);
    await settle();
    expect(window.location.href).not.toContain('attacker-token');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(onToken).not.toHaveBeenCalled();
    expect(screen.getByText('Invalid authentication response.')).toBeInTheDocument();
    expect(screen.queryByText("You're signed in")).not.toBeInTheDocument();
  });

  it('asks before replacing a session of another account, and keeps it when told to', async () => {
    localStorage.setItem('authToken', 'old');
    const api = mockApi({
      'POST /auth/oidc/exchange': ok({ user: EVE, token: 'eve-token' }),
      'GET /auth/me': ok({ user: ADA }),
      'POST /auth/logout': ok({ loggedOut: true }),
    });
    const onToken = vi.fn();
    const router = renderCallback('?success=true', onToken);
    await settle();
    expect(
      screen.getByText('You are signed in as ada@example.com. Continue as eve@example.com?'),
    ).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe('old');
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in as ada@example.com' }));
    await settle();
    expect(localStorage.getItem('authToken')).toBe('old');
    expect(onToken).not.toHaveBeenCalled();
    expect(api.callsTo('POST /auth/logout')[0]?.authorization).toBe('Bearer eve-token');
    expect(router.state.location.pathname).toBe('/');
  });

  it('switches to the new account when the person continues', async () => {
    localStorage.setItem('authToken', 'old');
    mockApi({
      'POST /auth/oidc/exchange': ok({ user: EVE, token: 'eve-token' }),
      'GET /auth/me': ok({ user: ADA }),
    });
    const onToken = vi.fn();
    renderCallback('?success=true', onToken);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Continue as eve@example.com' }));
    expect(localStorage.getItem('authToken')).toBe('eve-token');
    expect(onToken).toHaveBeenCalledWith('eve-token');
    expect(screen.getByText("You're signed in")).toBeInTheDocument();
  });

  it('reports an error parameter, explains known reasons (never the URL text), and goes home after 3 s', async () => {
    mockApi({});
    const router = renderCallback(
      '?success=false&error=Call%20this%20number&reason=oidc.link_from_settings',
    );
    await settle();
    expect(screen.getByText('Authentication failed. Please try again.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'An account with this email already exists. Sign in with your password, then link this sign-in method in Settings.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Call this number/)).not.toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(router.state.location.pathname).toBe('/auth/callback');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['success not true', '?success=false'],
    ['no parameters', ''],
  ])('calls a response with %s invalid and goes home after 3 s', async (_case, query) => {
    const api = mockApi({});
    const router = renderCallback(query);
    await settle();
    expect(screen.getByText('Invalid authentication response.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(router.state.location.pathname).toBe('/');
  });

  it('reports an unexpected failure, such as storage being unavailable', async () => {
    mockApi({ 'POST /auth/oidc/exchange': ok({ user: ADA, token: 'n3w' }) });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    renderCallback('?success=true');
    await settle();
    expect(screen.getByText('An unexpected error occurred.')).toBeInTheDocument();
  });
});
