import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../testing/mock-api';
import { renderWithSession, testUser } from '../../testing/render-with-session';
import { type SessionOutcome, useSession } from './session-context';
import { STORAGE_SETTLE_MS } from './token-storage';

let lastOutcome: SessionOutcome | null = null;

/** Shows the session and offers its actions as buttons. */
function SessionProbe() {
  const session = useSession();
  const run = (action: () => Promise<SessionOutcome>) => async () => {
    lastOutcome = await action();
  };
  return (
    <div>
      <p>{session.loading ? 'loading' : session.user ? `user:${session.user.email}` : 'guest'}</p>
      <p>token:{session.token ?? 'none'}</p>
      <button type="button" onClick={run(() => session.login({ email: 'a@b.co', password: 'x' }))}>
        login
      </button>
      <button
        type="button"
        onClick={run(() => session.register({ email: 'a@b.co', password: 'x' }))}
      >
        register
      </button>
      <button type="button" onClick={run(() => session.updateProfile({ email: 'new@b.co' }))}>
        profile
      </button>
      <button type="button" onClick={run(session.refresh)}>
        refresh
      </button>
      <button type="button" onClick={() => void session.logout()}>
        logout
      </button>
    </div>
  );
}

beforeEach(() => {
  lastOutcome = null;
});

describe('SessionProvider startup', () => {
  it('starts as a guest without a stored token and calls nothing', async () => {
    const api = mockApi({});
    renderWithSession(<SessionProbe />);
    expect(screen.getByText('guest')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('loads the current user with the stored token as a bearer header', async () => {
    localStorage.setItem('authToken', 'stored-token');
    const api = mockApi({ 'GET /auth/me': ok({ user: testUser() }) });
    renderWithSession(<SessionProbe />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('user:alice@example.com')).toBeInTheDocument();
    expect(screen.getByText('token:stored-token')).toBeInTheDocument();
    expect(api.callsTo('GET /auth/me')[0]?.authorization).toBe('Bearer stored-token');
  });

  it('drops the token and becomes a guest silently when the user cannot be loaded', async () => {
    localStorage.setItem('authToken', 'revoked');
    mockApi({ 'GET /auth/me': fail(401, 'Invalid or expired token') });
    renderWithSession(<SessionProbe />);
    expect(await screen.findByText('guest')).toBeInTheDocument();
    expect(screen.getByText('token:none')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(screen.queryByText('Invalid or expired token')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the token when a reload cuts the user request off: other tabs share it', async () => {
    localStorage.setItem('authToken', 'shared');
    const request: { cut?: (error: Error) => void } = {};
    mockApi({
      'GET /auth/me': () =>
        new Promise((_, reject) => {
          request.cut = reject;
        }),
    });
    renderWithSession(<SessionProbe />);
    await vi.waitFor(() => expect(request.cut).toBeDefined());
    window.dispatchEvent(new Event('pagehide'));
    try {
      request.cut?.(new TypeError('Failed to fetch'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(localStorage.getItem('authToken')).toBe('shared');
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
  });
});

describe('SessionProvider actions', () => {
  it('login, register and profile update set the user and store the token', async () => {
    mockApi({
      'POST /auth/login': ok({ user: testUser(), token: 't-login' }),
      'POST /auth/register': ok({ user: testUser({ email: 'bob@example.com' }), token: 't-reg' }),
      'PUT /auth/profile': ok({ user: testUser({ email: 'new@b.co' }), token: 't-profile' }),
    });
    renderWithSession(<SessionProbe />);
    await userEvent.click(screen.getByRole('button', { name: 'login' }));
    expect(await screen.findByText('user:alice@example.com')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe('t-login');
    expect(lastOutcome).toEqual({ success: true });

    await userEvent.click(screen.getByRole('button', { name: 'register' }));
    expect(await screen.findByText('user:bob@example.com')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe('t-reg');

    await userEvent.click(screen.getByRole('button', { name: 'profile' }));
    expect(await screen.findByText('user:new@b.co')).toBeInTheDocument();
    expect(screen.getByText('token:t-profile')).toBeInTheDocument();
  });

  it('reports the server message, or the fixed fallback when there is none', async () => {
    let reply = fail(409, 'An account with this email already exists');
    mockApi({ 'POST /auth/register': () => reply, 'POST /auth/login': fail(502) });
    renderWithSession(<SessionProbe />);
    await userEvent.click(screen.getByRole('button', { name: 'register' }));
    await waitFor(() =>
      expect(lastOutcome).toEqual({
        success: false,
        error: 'An account with this email already exists',
        serverMessage: 'An account with this email already exists',
      }),
    );
    reply = fail(500);
    await userEvent.click(screen.getByRole('button', { name: 'register' }));
    await waitFor(() =>
      expect(lastOutcome).toEqual({
        success: false,
        error: 'Registration failed',
        serverMessage: null,
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'login' }));
    await waitFor(() =>
      expect(lastOutcome).toEqual({ success: false, error: 'Login failed', serverMessage: null }),
    );
    expect(screen.getByText('guest')).toBeInTheDocument();
  });

  it('logout sends the bearer token and clears the session', async () => {
    localStorage.setItem('authToken', 'tok');
    const api = mockApi({ 'GET /auth/me': ok({ user: testUser() }), 'POST /auth/logout': ok() });
    renderWithSession(<SessionProbe />);
    await screen.findByText('user:alice@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'logout' }));
    expect(screen.getByText('guest')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(api.callsTo('POST /auth/logout')[0]?.authorization).toBe('Bearer tok');
  });

  it('logout clears the session even when the server call fails, and only logs the error', async () => {
    localStorage.setItem('authToken', 'tok');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /auth/me': ok({ user: testUser() }), 'POST /auth/logout': fail(500, 'boom') });
    renderWithSession(<SessionProbe />);
    await screen.findByText('user:alice@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'logout' }));
    expect(screen.getByText('guest')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });

  it('refresh replaces the token and user', async () => {
    localStorage.setItem('authToken', 'old');
    mockApi({
      'GET /auth/me': ok({ user: testUser() }),
      'POST /auth/refresh-token': ok({ user: testUser(), token: 'fresh' }),
    });
    renderWithSession(<SessionProbe />);
    await screen.findByText('user:alice@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'refresh' }));
    expect(await screen.findByText('token:fresh')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe('fresh');
  });

  it('a failed refresh clears the session and reports "Session expired"', async () => {
    localStorage.setItem('authToken', 'old');
    mockApi({
      'GET /auth/me': ok({ user: testUser() }),
      'POST /auth/refresh-token': fail(401, 'Invalid or expired token'),
    });
    renderWithSession(<SessionProbe />);
    await screen.findByText('user:alice@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'refresh' }));
    // After a moment's wait for a token another tab may have renewed.
    expect(
      await screen.findByText('Session expired', {}, { timeout: STORAGE_SETTLE_MS + 1000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('guest')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(lastOutcome).toEqual({ success: false, error: 'Session expired', serverMessage: null });
  });

  it('ignores a late answer for a token that was replaced by a login', async () => {
    localStorage.setItem('authToken', 'stale');
    let answerMe: (value: ReturnType<typeof fail>) => void = () => {};
    mockApi({
      'GET /auth/me': () => new Promise((resolve) => (answerMe = resolve)),
      'POST /auth/login': ok({ user: testUser(), token: 'new' }),
    });
    renderWithSession(<SessionProbe />);
    await userEvent.click(screen.getByRole('button', { name: 'login' }));
    await screen.findByText('user:alice@example.com');
    await act(async () => answerMe(fail(401, 'expired')));
    expect(screen.getByText('user:alice@example.com')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe('new');
  });
});
