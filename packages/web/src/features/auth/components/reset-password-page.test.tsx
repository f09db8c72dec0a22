import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../testing/mock-api';
import { renderWithSession } from '../../../testing/render-with-session';
import { RESET_MESSAGES, ResetPasswordPage } from './reset-password-page';

const TOKEN = 'tok_en-0123456789abcdefghijklmnopqrstuvwxyz';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

function openLink(hash: string) {
  window.history.replaceState(null, '', `/reset-password${hash}`);
  return renderWithSession(<ResetPasswordPage />, { path: '/reset-password' });
}

describe('/reset-password', () => {
  it('reads and clears the fragment, then sets the new password with the token', async () => {
    const api = mockApi({ 'POST /auth/reset-password': ok({ reset: true }) });
    openLink(`#token=${TOKEN}`);
    expect(window.location.hash).toBe('');
    await userEvent.type(screen.getByLabelText('New password'), 'Another-Horse-7');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_MESSAGES.done);
    expect(api.callsTo('POST /auth/reset-password')[0]?.body).toEqual({
      token: TOKEN,
      newPassword: 'Another-Horse-7',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByRole('dialog', { name: 'Log In' })).toBeInTheDocument();
  });

  it('shows the strength meter and refuses a weak password', async () => {
    mockApi({});
    openLink(`#token=${TOKEN}`);
    const field = screen.getByLabelText('New password');
    await userEvent.type(field, 'abcdef');
    expect(document.querySelector('[data-strength="weak"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeDisabled();
    await userEvent.type(field, 'GH-12');
    expect(document.querySelector('[data-strength="strong"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeEnabled();
  });

  it("shows the server's message for a used or expired link", async () => {
    const message = 'This link is invalid, expired or already used. Please request a new one.';
    mockApi({ 'POST /auth/reset-password': fail(400, message) });
    openLink(`#token=${TOKEN}`);
    await userEvent.type(screen.getByLabelText('New password'), 'Another-Horse-7');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('explains where the link comes from when the page is opened without one', () => {
    mockApi({});
    openLink('');
    expect(screen.getByRole('alert')).toHaveTextContent(RESET_MESSAGES.missing);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
