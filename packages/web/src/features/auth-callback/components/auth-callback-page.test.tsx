import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthCallbackPage } from './auth-callback-page';

function renderCallback(query: string, onToken?: (token: string) => void) {
  const entry = `/auth/callback${query}`;
  window.history.replaceState(null, '', entry);
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home page</p> },
      { path: '/auth/callback', element: <AuthCallbackPage onToken={onToken} /> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('AuthCallbackPage', () => {
  it('stores the token, strips it from the address bar and goes home after 1.5 s', () => {
    const onToken = vi.fn();
    const router = renderCallback('?token=t0k3n&success=true', onToken);
    expect(localStorage.getItem('authToken')).toBe('t0k3n');
    expect(window.location.search).toBe('');
    expect(window.location.href).not.toContain('t0k3n');
    expect(onToken).toHaveBeenCalledWith('t0k3n');
    expect(screen.getByText(/signed in successfully/i)).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1499));
    expect(router.state.location.pathname).toBe('/auth/callback');
    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });

  it('reports an error parameter and goes home after 3 s', () => {
    const router = renderCallback('?success=false&error=access_denied');
    expect(screen.getByText('Authentication failed. Please try again.')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
    act(() => vi.advanceTimersByTime(2999));
    expect(router.state.location.pathname).toBe('/auth/callback');
    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['no token', '?success=true'],
    ['success not true', '?token=t0k3n&success=false'],
    ['no parameters', ''],
  ])('calls a response with %s invalid and goes home after 3 s', (_case, query) => {
    const router = renderCallback(query);
    expect(screen.getByText('Invalid authentication response.')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(window.location.href).not.toContain('t0k3n');
    act(() => vi.advanceTimersByTime(3000));
    expect(router.state.location.pathname).toBe('/');
  });

  it('reports an unexpected failure, such as storage being unavailable', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    const router = renderCallback('?token=t0k3n&success=true');
    expect(screen.getByText('An unexpected error occurred.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3000));
    expect(router.state.location.pathname).toBe('/');
  });
});
