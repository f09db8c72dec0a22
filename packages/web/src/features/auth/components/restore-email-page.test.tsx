import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../testing/mock-api';
import { renderWithSession } from '../../../testing/render-with-session';
import { RESTORE_MESSAGES, RestoreEmailPage } from './restore-email-page';

const TOKEN = 'tok_en-0123456789abcdefghijklmnopqrstuvwxyz';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

function openLink(hash: string) {
  window.history.replaceState(null, '', `/restore-email${hash}`);
  return renderWithSession(<RestoreEmailPage />, { path: '/restore-email' });
}

describe('/restore-email', () => {
  it('reads and clears the fragment, then puts the old address back with a new password', async () => {
    const api = mockApi({
      'POST /auth/restore-email': ok({ restored: true, email: 'ada@example.com' }),
    });
    openLink(`#token=${TOKEN}`);
    expect(window.location.hash).toBe('');
    expect(screen.getByRole('heading', { name: /This wasn't me/ })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), 'Another-Horse-7');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      RESTORE_MESSAGES.done('ada@example.com'),
    );
    expect(api.callsTo('POST /auth/restore-email')[0]?.body).toEqual({
      token: TOKEN,
      newPassword: 'Another-Horse-7',
    });
  });

  it("shows the server's message for a used or expired link", async () => {
    const message = 'This link is invalid, expired or already used. Please request a new one.';
    mockApi({ 'POST /auth/restore-email': fail(400, message) });
    openLink(`#token=${TOKEN}`);
    await userEvent.type(screen.getByLabelText('New password'), 'Another-Horse-7');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('explains where the link comes from when the page is opened without one', () => {
    mockApi({});
    openLink('');
    expect(screen.getByRole('alert')).toHaveTextContent(RESTORE_MESSAGES.missing);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
