import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, networkError, ok } from '../../../testing/mock-api';
import { renderWithSession } from '../../../testing/render-with-session';
import { AuthDialogHarness } from '../testing/auth-dialog-harness';
import { FORGOT_MESSAGES } from './forgot-password-form';

async function openForgotPassword() {
  renderWithSession(<AuthDialogHarness initial="login" />);
  const login = screen.getByRole('dialog', { name: 'Log In' });
  await userEvent.click(within(login).getByRole('button', { name: 'Forgot password?' }));
  return screen.getByRole('dialog', { name: 'Reset your password' });
}

describe('Forgot password in the login modal', () => {
  it('asks for the email, then confirms without saying whether an account exists', async () => {
    const api = mockApi({ 'POST /auth/forgot-password': ok({ message: 'from the server' }) });
    const dialog = await openForgotPassword();
    const email = within(dialog).getByLabelText('Email');
    expect(email).toHaveFocus();
    const send = within(dialog).getByRole('button', { name: 'Send reset link' });
    expect(send).toBeDisabled();
    await userEvent.type(email, ' ada@example.com ');
    await userEvent.click(send);
    expect(await within(dialog).findByRole('status')).toHaveTextContent(FORGOT_MESSAGES.sent);
    expect(api.callsTo('POST /auth/forgot-password')[0]?.body).toEqual({
      email: 'ada@example.com',
    });
    expect(within(dialog).queryByLabelText('Email')).not.toBeInTheDocument();
  });

  it('goes back to the login form', async () => {
    mockApi({});
    const dialog = await openForgotPassword();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to Log In' }));
    expect(screen.getByRole('dialog', { name: 'Log In' })).toBeInTheDocument();
  });

  it('opens on the login form again after the dialog was closed', async () => {
    mockApi({});
    await openForgotPassword();
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('mode:closed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'open login' }));
    expect(screen.getByRole('dialog', { name: 'Log In' })).toBeInTheDocument();
  });

  it.each([
    [
      'a rate limit',
      fail(429, 'Too many requests, please slow down'),
      'Too many requests, please slow down',
    ],
    ['a network failure', networkError, FORGOT_MESSAGES.failed],
  ])('shows an error on %s', async (_, reply, message) => {
    mockApi({ 'POST /auth/forgot-password': reply });
    const dialog = await openForgotPassword();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  });
});
