import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, networkError, ok } from '../../../testing/mock-api';
import { renderWithSession, testUser } from '../../../testing/render-with-session';
import { AuthDialogHarness } from '../testing/auth-dialog-harness';

function openLogin() {
  renderWithSession(<AuthDialogHarness initial="login" />);
  return screen.getByRole('dialog', { name: 'Log In' });
}

describe('Login modal', () => {
  it('has a required email field of email type and a required password field', () => {
    mockApi({});
    const dialog = openLogin();
    const email = within(dialog).getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(within(dialog).getByLabelText('Password')).toBeRequired();
    expect(email).toHaveFocus();
  });

  it('keeps Log In disabled while either field is empty', async () => {
    mockApi({});
    const dialog = openLogin();
    const submit = within(dialog).getByRole('button', { name: 'Log In' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'alice@example.com');
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret');
    expect(submit).toBeEnabled();
    await userEvent.clear(within(dialog).getByLabelText('Email'));
    expect(submit).toBeDisabled();
  });

  it('logs in, stores the token and closes the modal', async () => {
    const api = mockApi({ 'POST /auth/login': ok({ user: testUser(), token: 'tok-1' }) });
    const dialog = openLogin();
    await userEvent.type(within(dialog).getByLabelText('Email'), ' alice@example.com ');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'Secret123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('mode:closed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe('tok-1');
    expect(api.callsTo('POST /auth/login')[0]?.body).toEqual({
      email: 'alice@example.com',
      password: 'Secret123',
    });
  });

  it('disables the submit button while the request runs', async () => {
    let answer: (reply: ReturnType<typeof ok>) => void = () => {};
    mockApi({ 'POST /auth/login': () => new Promise((resolve) => (answer = resolve)) });
    const dialog = openLogin();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'alice@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log In' }));
    expect(within(dialog).getByRole('button', { name: 'Log In' })).toBeDisabled();
    answer(fail(401, 'Invalid email or password'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(within(dialog).getByRole('button', { name: 'Log In' })).toBeEnabled();
  });

  it("shows the server's message and keeps the modal open", async () => {
    mockApi({ 'POST /auth/login': fail(401, 'Invalid email or password') });
    const dialog = openLogin();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'alice@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.getByText('mode:login')).toBeInTheDocument();
  });

  it('shows "Login failed. Please try again." when the server gives no message', async () => {
    mockApi({ 'POST /auth/login': networkError });
    const dialog = openLogin();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'alice@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
  });

  it('switches to the sign-up form', async () => {
    mockApi({});
    const dialog = openLogin();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByText('mode:register')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create Account' })).toBeInTheDocument();
  });
});
