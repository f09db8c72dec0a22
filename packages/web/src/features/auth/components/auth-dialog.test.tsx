import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../testing/mock-api';
import { renderWithSession } from '../../../testing/render-with-session';
import { AuthDialogHarness } from '../testing/auth-dialog-harness';

describe('Auth dialog', () => {
  it('is closed until a form is chosen', () => {
    mockApi({});
    renderWithSession(<AuthDialogHarness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('starts with empty fields after being closed', async () => {
    mockApi({});
    renderWithSession(<AuthDialogHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'open login' }));
    let dialog = screen.getByRole('dialog', { name: 'Log In' });
    await userEvent.type(within(dialog).getByLabelText('Email'), 'alice@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'open login' }));
    dialog = screen.getByRole('dialog', { name: 'Log In' });
    expect(within(dialog).getByLabelText('Email')).toHaveValue('');
    expect(within(dialog).getByLabelText('Password')).toHaveValue('');
  });

  it('resets the register fields when closed with Escape', async () => {
    mockApi({});
    renderWithSession(<AuthDialogHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'open register' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Account' });
    await userEvent.type(within(dialog).getByLabelText('Password'), 'Secret12');
    await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'Secret12');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByText('mode:closed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'open register' }));
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm Password')).toHaveValue('');
    expect(screen.queryByText('Passwords match')).not.toBeInTheDocument();
  });

  it('switches back and forth, each form starting empty', async () => {
    mockApi({});
    renderWithSession(<AuthDialogHarness initial="login" />);
    await userEvent.type(screen.getByLabelText('Email'), 'alice@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('dialog', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByRole('dialog', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('offers "Continue with {name}" when the server has external sign-in', async () => {
    mockApi({ 'GET /config': ok({ features: { oidc: true }, oidcName: 'Example ID' }) });
    renderWithSession(<AuthDialogHarness initial="login" />);
    expect(
      await screen.findByRole('button', { name: 'Continue with Example ID' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('button', { name: 'Continue with Example ID' })).toBeInTheDocument();
  });

  it('offers no external sign-in when the server has none', async () => {
    const api = mockApi({ 'GET /config': ok({ features: { oidc: false } }) });
    renderWithSession(<AuthDialogHarness initial="login" />);
    await vi.waitFor(() => expect(api.callsTo('GET /config')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
  });
});
