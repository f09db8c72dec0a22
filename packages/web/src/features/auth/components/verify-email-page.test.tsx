import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../testing/mock-api';
import { renderWithSession, testUser } from '../../../testing/render-with-session';
import { VERIFY_MESSAGES, VerifyEmailPage } from './verify-email-page';

const TOKEN = 'tok_en-0123456789abcdefghijklmnopqrstuvwxyz';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

function openLink(hash: string) {
  window.history.replaceState(null, '', `/verify-email${hash}`);
  return renderWithSession(<VerifyEmailPage />, { path: '/verify-email' });
}

describe('/verify-email', () => {
  it('sends the token from the fragment once, clears the fragment and shows the outcome', async () => {
    const api = mockApi({
      'POST /auth/verify-email': ok({ user: testUser({ emailVerified: true }) }),
    });
    openLink(`#token=${TOKEN}`);
    expect(await screen.findByText(VERIFY_MESSAGES.done('alice@example.com'))).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(api.callsTo('POST /auth/verify-email').map((call) => call.body)).toEqual([
      { token: TOKEN },
    ]);
    expect(window.location.hash).toBe('');
    // The token travels in the body only.
    expect(api.calls.every((call) => !call.url.href.includes(TOKEN))).toBe(true);
  });

  it("shows the server's message for a used or expired link", async () => {
    const message = 'This link is invalid, expired or already used. Please request a new one.';
    mockApi({ 'POST /auth/verify-email': fail(400, message) });
    openLink(`#token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('explains where the link comes from when the page is opened without one', async () => {
    const api = mockApi({});
    openLink('');
    expect(await screen.findByRole('alert')).toHaveTextContent(VERIFY_MESSAGES.missing);
    expect(api.callsTo('POST /auth/verify-email')).toEqual([]);
  });

  it('reloads the signed-in user so the account shows the address as verified', async () => {
    localStorage.setItem('authToken', 'tok');
    let verified = false;
    const api = mockApi({
      'GET /auth/me': () => ok({ user: testUser({ emailVerified: verified }) }),
      'POST /auth/verify-email': () => {
        verified = true;
        return ok({ user: testUser({ emailVerified: true }) });
      },
    });
    openLink(`#token=${TOKEN}`);
    await screen.findByText(VERIFY_MESSAGES.done('alice@example.com'));
    await vi.waitFor(() => expect(api.callsTo('GET /auth/me').length).toBeGreaterThanOrEqual(2));
  });
});
