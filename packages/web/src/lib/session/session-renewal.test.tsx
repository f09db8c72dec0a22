import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, type MockReply, mockApi, networkError, ok } from '../../testing/mock-api';
import { renderWithSession, testUser } from '../../testing/render-with-session';
import { sessionToken } from '../../testing/session-token';
import { apiRequest } from '../api-client';
import { useSession } from './session-context';
import { STORAGE_SETTLE_MS } from './token-storage';
import { RENEW_RETRY_MS } from './use-renewal-schedule';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const START = Date.UTC(2026, 10, 20, 9, 0, 0);

/** Shows the session and makes an ordinary signed-in call. */
function SessionProbe() {
  const session = useSession();
  return (
    <div>
      <p>{session.loading ? 'loading' : session.user ? `user:${session.user.email}` : 'guest'}</p>
      <p>token:{session.token ?? 'none'}</p>
      <button type="button" onClick={() => void apiRequest('/files/my-files').catch(() => {})}>
        list files
      </button>
      <button type="button" onClick={() => void session.reloadUser()}>
        reload user
      </button>
    </div>
  );
}

/**
 * Moves the clock on by `ms`, letting answers arrive; React commits (and arms timers in effects)
 * when the step ends, so the sign-in is settled with a step of 0 before a long one.
 */
const advance = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

function signedIn(token: string, routes: Parameters<typeof mockApi>[0] = {}) {
  localStorage.setItem('authToken', token);
  const api = mockApi({ 'GET /auth/me': ok({ user: testUser() }), ...routes });
  renderWithSession(<SessionProbe />);
  return api;
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});

describe('SessionProvider renewal', () => {
  it('renews the token a day before it expires, then stores and sends the new one', async () => {
    const first = sessionToken({ id: 'first' });
    const second = sessionToken({ id: 'second', issuedAt: START + 6 * DAY_MS });
    const api = signedIn(first, {
      'POST /auth/refresh-token': ok({ user: testUser(), token: second }),
      'GET /files/my-files': ok({ items: [] }),
    });
    await advance();
    expect(screen.getByText('user:alice@example.com')).toBeInTheDocument();

    await advance(6 * DAY_MS - MINUTE_MS);
    expect(api.callsTo('POST /auth/refresh-token')).toHaveLength(0);

    await advance(2 * MINUTE_MS);
    expect(api.callsTo('POST /auth/refresh-token')).toHaveLength(1);
    expect(api.callsTo('POST /auth/refresh-token')[0]?.authorization).toBe(`Bearer ${first}`);
    expect(localStorage.getItem('authToken')).toBe(second);
    expect(screen.getByText(`token:${second}`)).toBeInTheDocument();
    expect(screen.getByText('user:alice@example.com')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'list files' }));
    await advance();
    expect(api.callsTo('GET /files/my-files')[0]?.authorization).toBe(`Bearer ${second}`);
  });

  it('renews once, not again and again, when this clock runs days ahead of the server', async () => {
    // The server issues tokens by its own clock, which is six days behind this one.
    const api = signedIn(sessionToken(), {
      'POST /auth/refresh-token': () =>
        ok({ user: testUser(), token: sessionToken({ issuedAt: START + MINUTE_MS }) }),
    });
    await advance();
    await advance(6 * DAY_MS);
    await advance(60 * MINUTE_MS);
    expect(api.callsTo('POST /auth/refresh-token')).toHaveLength(1);
    expect(screen.getByText('user:alice@example.com')).toBeInTheDocument();
  });

  it('renews at once when the tab comes back after the computer slept past the due time', async () => {
    const next = sessionToken({ id: 'next' });
    const api = signedIn(sessionToken(), {
      'POST /auth/refresh-token': ok({ user: testUser(), token: next }),
    });
    await advance();
    // Asleep: the wall clock jumps, no timer runs.
    vi.setSystemTime(START + 6.5 * DAY_MS);
    fireEvent(document, new Event('visibilitychange'));
    await advance();
    expect(api.callsTo('POST /auth/refresh-token')).toHaveLength(1);
    expect(localStorage.getItem('authToken')).toBe(next);
    expect(screen.getByText('user:alice@example.com')).toBeInTheDocument();
  });

  it('ends the session with "Session expired" when the server refuses the renewal', async () => {
    signedIn(sessionToken(), { 'POST /auth/refresh-token': fail(401, 'Session expired') });
    await advance();
    await advance(6 * DAY_MS);
    // No other tab brings a renewed token in the meantime.
    expect(screen.getByText('user:alice@example.com')).toBeInTheDocument();
    await advance(STORAGE_SETTLE_MS);
    expect(screen.getByText('guest')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Session expired');
  });

  it('keeps the session through a network failure and tries again a minute later', async () => {
    let reply: () => MockReply | Promise<MockReply> = networkError;
    const next = sessionToken({ id: 'next' });
    const api = signedIn(sessionToken(), { 'POST /auth/refresh-token': () => reply() });
    await advance();
    await advance(6 * DAY_MS);
    expect(api.callsTo('POST /auth/refresh-token')).toHaveLength(1);
    expect(screen.getByText('user:alice@example.com')).toBeInTheDocument();
    expect(screen.queryByText('Session expired')).not.toBeInTheDocument();

    reply = () => ok({ user: testUser(), token: next });
    await advance(RENEW_RETRY_MS);
    expect(api.callsTo('POST /auth/refresh-token')).toHaveLength(2);
    expect(localStorage.getItem('authToken')).toBe(next);
  });

  it('ends a session whose token an ordinary call gets refused for, once renewal fails too', async () => {
    const token = sessionToken();
    const api = signedIn(token, {
      'GET /files/my-files': fail(401, 'Session expired or invalid. Please log in again.'),
      'POST /auth/refresh-token': fail(401, 'Session expired or invalid. Please log in again.'),
    });
    await advance();
    fireEvent.click(screen.getByRole('button', { name: 'list files' }));
    await advance(STORAGE_SETTLE_MS);
    expect(api.callsTo('POST /auth/refresh-token')).toHaveLength(1);
    expect(screen.getByText('guest')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Session expired');
  });

  it('says "Session expired" rather than signing out quietly when a reload of the user is refused', async () => {
    let me = ok({ user: testUser() });
    localStorage.setItem('authToken', sessionToken());
    mockApi({
      'GET /auth/me': () => me,
      'POST /auth/refresh-token': fail(401, 'Session expired or invalid. Please log in again.'),
    });
    renderWithSession(<SessionProbe />);
    await advance();
    me = fail(401, 'Session expired or invalid. Please log in again.');
    fireEvent.click(screen.getByRole('button', { name: 'reload user' }));
    await advance(STORAGE_SETTLE_MS);
    expect(screen.getByText('guest')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Session expired');
  });

  it('takes the token another tab renewed, without a call of its own', async () => {
    const api = signedIn(sessionToken());
    await advance();
    const renewed = sessionToken({ id: 'other-tab' });
    localStorage.setItem('authToken', renewed);
    fireEvent(window, new StorageEvent('storage', { key: 'authToken', newValue: renewed }));
    await advance();
    expect(screen.getByText(`token:${renewed}`)).toBeInTheDocument();
    expect(screen.getByText('user:alice@example.com')).toBeInTheDocument();
    expect(api.callsTo('GET /auth/me')).toHaveLength(1);

    // Its renewal is now planned from the new token, issued at the same moment: nothing is due.
    await advance(6 * DAY_MS - MINUTE_MS);
    expect(api.callsTo('POST /auth/refresh-token')).toHaveLength(0);
  });

  it('does not renew again a token another tab renewed while this one waited for the lock', async () => {
    let grant: () => void = () => {};
    const granted = new Promise<void>((resolve) => (grant = resolve));
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: { request: (_name: string, task: () => Promise<unknown>) => granted.then(task) },
    });
    try {
      const api = signedIn(sessionToken(), {
        'POST /auth/refresh-token': ok({ user: testUser(), token: sessionToken({ id: 'mine' }) }),
      });
      await advance();
      await advance(6 * DAY_MS);
      const renewed = sessionToken({ id: 'other-tab' });
      localStorage.setItem('authToken', renewed);
      fireEvent(window, new StorageEvent('storage', { key: 'authToken', newValue: renewed }));
      grant();
      await advance();
      expect(api.callsTo('POST /auth/refresh-token')).toHaveLength(0);
      expect(localStorage.getItem('authToken')).toBe(renewed);
      expect(screen.getByText(`token:${renewed}`)).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('takes the token of a tab that renewed first instead of ending the session it refused', async () => {
    const renewed = sessionToken({ id: 'other-tab' });
    const api = signedIn(sessionToken(), {
      'POST /auth/refresh-token': () => {
        // The other tab's new token reaches this one's storage a moment after the refusal.
        setTimeout(() => {
          localStorage.setItem('authToken', renewed);
          window.dispatchEvent(
            new StorageEvent('storage', { key: 'authToken', newValue: renewed }),
          );
        }, 200);
        return fail(401, 'Session expired');
      },
    });
    await advance();
    await advance(6 * DAY_MS);
    // Refused, it waits for that token, still signed in, the stored token left alone.
    expect(screen.getByText('user:alice@example.com')).toBeInTheDocument();
    await advance(STORAGE_SETTLE_MS);
    expect(api.callsTo('POST /auth/refresh-token')).toHaveLength(1);
    expect(api.callsTo('GET /auth/me')).toHaveLength(1);
    expect(screen.getByText(`token:${renewed}`)).toBeInTheDocument();
    expect(screen.getByText('user:alice@example.com')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe(renewed);
    expect(screen.queryByText('Session expired')).not.toBeInTheDocument();
  });

  it('signs out quietly when another tab signs out', async () => {
    signedIn(sessionToken());
    await advance();
    localStorage.removeItem('authToken');
    fireEvent(window, new StorageEvent('storage', { key: 'authToken', newValue: null }));
    await advance();
    expect(screen.getByText('guest')).toBeInTheDocument();
    expect(screen.queryByText('Session expired')).not.toBeInTheDocument();
  });
});
