import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, networkError, ok } from '../../../testing/mock-api';
import { renderWithSession, testUser } from '../../../testing/render-with-session';
import { AuthDialogHarness } from '../testing/auth-dialog-harness';

function openRegister() {
  renderWithSession(<AuthDialogHarness initial="register" />);
  const dialog = screen.getByRole('dialog', { name: 'Create Account' });
  const field = (label: string) => within(dialog).getByLabelText(label);
  return {
    dialog,
    email: field('Email'),
    password: field('Password'),
    confirm: field('Confirm Password'),
    submit: within(dialog).getByRole('button', { name: 'Sign Up' }),
  };
}

async function fill(form: ReturnType<typeof openRegister>, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const input = form[name as 'email' | 'password' | 'confirm'];
    await userEvent.clear(input);
    if (value) await userEvent.type(input, value);
  }
}

function checklistItem(label: string) {
  return screen.getByText(label).closest('li');
}

describe('Register modal', () => {
  it('has required email, password and confirmation fields', () => {
    mockApi({});
    const form = openRegister();
    expect(form.email).toHaveAttribute('type', 'email');
    for (const input of [form.email, form.password, form.confirm]) expect(input).toBeRequired();
    expect(form.password).toHaveAttribute('type', 'password');
    expect(form.confirm).toHaveAttribute('type', 'password');
  });

  it('rates the password weak, medium or strong', async () => {
    mockApi({});
    const form = openRegister();
    await fill(form, { password: 'Ab1' });
    expect(screen.getByText('weak')).toBeInTheDocument();
    await fill(form, { password: 'abcdefgh' });
    expect(screen.getByText('weak')).toBeInTheDocument();
    await fill(form, { password: 'abcdef1A' });
    expect(screen.getByText('strong')).toBeInTheDocument();
    await fill(form, { password: 'abcde1A' });
    expect(screen.getByText('medium')).toBeInTheDocument();
  });

  it('ticks the checklist items as they are met', async () => {
    mockApi({});
    const form = openRegister();
    const labels = ['At least 6 characters', 'Uppercase letter', 'Lowercase letter', 'Number'];
    for (const label of labels) expect(checklistItem(label)).not.toHaveClass('met');
    await fill(form, { password: 'abc' });
    expect(checklistItem('Lowercase letter')).toHaveClass('met');
    expect(checklistItem('Uppercase letter')).not.toHaveClass('met');
    await fill(form, { password: 'abcD12' });
    for (const label of labels) expect(checklistItem(label)).toHaveClass('met');
  });

  it('says whether the passwords match', async () => {
    mockApi({});
    const form = openRegister();
    await fill(form, { password: 'Secret12', confirm: 'Secret1' });
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    await fill(form, { confirm: 'Secret12' });
    expect(screen.getByText('Passwords match')).toBeInTheDocument();
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
  });

  it('styles the email as valid once it matches the address pattern', async () => {
    mockApi({});
    const form = openRegister();
    await fill(form, { email: 'alice@example' });
    expect(form.email).not.toHaveClass('valid');
    await fill(form, { email: 'alice@example.com' });
    expect(form.email).toHaveClass('valid');
  });

  it('enables Sign Up only when every field is filled, the passwords match and are not weak', async () => {
    mockApi({});
    const form = openRegister();
    expect(form.submit).toBeDisabled();
    await fill(form, { email: 'alice@example.com', password: 'Secret12', confirm: '' });
    expect(form.submit).toBeDisabled();
    await fill(form, { confirm: 'Secret13' });
    expect(form.submit).toBeDisabled();
    await fill(form, { password: 'secret', confirm: 'secret' });
    expect(form.submit).toBeDisabled();
    await fill(form, { password: 'Secret12', confirm: 'Secret12' });
    expect(form.submit).toBeEnabled();
    await fill(form, { email: '' });
    expect(form.submit).toBeDisabled();
  });

  it('refuses a submit with different passwords: "Passwords do not match"', async () => {
    const api = mockApi({});
    const form = openRegister();
    await fill(form, { email: 'alice@example.com', password: 'Secret12', confirm: 'Secret13' });
    fireEvent.submit(form.submit.closest('form')!);
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(screen.getAllByText('Passwords do not match')).toHaveLength(1);
    expect(api.callsTo('POST /auth/register')).toHaveLength(0);
  });

  it('refuses a submit with a weak password', async () => {
    const api = mockApi({});
    const form = openRegister();
    await fill(form, { email: 'alice@example.com', password: 'secret', confirm: 'secret' });
    fireEvent.submit(form.submit.closest('form')!);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Password is too weak. Please choose a stronger password.',
    );
    expect(api.callsTo('POST /auth/register')).toHaveLength(0);
  });

  it('creates the account, signs in, closes the modal and says the verification mail was sent', async () => {
    const api = mockApi({ 'POST /auth/register': ok({ user: testUser(), token: 'new-tok' }) });
    const form = openRegister();
    await fill(form, { email: 'alice@example.com', password: 'Secret12', confirm: 'Secret12' });
    expect(screen.queryByText('Check your inbox to confirm your email address.')).toBeNull();
    await userEvent.click(form.submit);
    expect(await screen.findByText('mode:closed')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Check your inbox to confirm your email address.',
    );
    expect(localStorage.getItem('authToken')).toBe('new-tok');
    expect(api.callsTo('POST /auth/register')[0]?.body).toEqual({
      email: 'alice@example.com',
      password: 'Secret12',
    });
  });

  it("shows the server's message, e.g. for a taken email", async () => {
    mockApi({ 'POST /auth/register': fail(409, 'An account with this email already exists') });
    const form = openRegister();
    await fill(form, { email: 'alice@example.com', password: 'Secret12', confirm: 'Secret12' });
    await userEvent.click(form.submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email already exists',
    );
    expect(screen.getByText('mode:register')).toBeInTheDocument();
    expect(screen.queryByText('Check your inbox to confirm your email address.')).toBeNull();
  });

  it('shows "Registration failed. Please try again." without a server message', async () => {
    mockApi({ 'POST /auth/register': networkError });
    const form = openRegister();
    await fill(form, { email: 'alice@example.com', password: 'Secret12', confirm: 'Secret12' });
    await userEvent.click(form.submit);
    expect(await screen.findByText('Registration failed. Please try again.')).toBeInTheDocument();
  });

  it('switches to the login form', async () => {
    mockApi({});
    const form = openRegister();
    await userEvent.click(within(form.dialog).getByRole('button', { name: 'Log In' }));
    expect(screen.getByRole('dialog', { name: 'Log In' })).toBeInTheDocument();
  });
});
