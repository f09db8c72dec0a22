import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, networkError, ok } from '../../../testing/mock-api';
import { testUser } from '../../../testing/render-with-session';
import { renderSettingsSignedIn } from '../testing/render-settings';

function emailSection() {
  const section = screen.getByRole('region', { name: 'Email' });
  return {
    section,
    input: within(section).getByLabelText('New email'),
    password: within(section).getByLabelText('Current password'),
    save: within(section).getByRole('button', { name: 'Save email' }),
  };
}

/** Types a new email and the current password, as every change needs both. */
async function fillIn(email: string, currentPassword = 'Secret123') {
  const fields = emailSection();
  await userEvent.type(fields.input, email);
  await userEvent.type(fields.password, currentPassword);
  return fields;
}

// The address stays until the link mailed to the new one is opened.
const updated = ok({
  user: testUser({ email: 'alice@example.com', pendingEmail: 'bob@example.com' }),
  token: 'tok-2',
});

describe('Change email', () => {
  it('shows the current email, an email field for the new one and a current-password field', async () => {
    await renderSettingsSignedIn();
    const { section, input, password } = emailSection();
    expect(within(section).getByText('alice@example.com')).toBeInTheDocument();
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toBeRequired();
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toBeRequired();
  });

  it('styles the new email as valid only when it looks like an address', async () => {
    await renderSettingsSignedIn();
    const { input } = emailSection();
    await userEvent.type(input, 'bob@example');
    expect(input).not.toHaveClass('valid');
    await userEvent.type(input, '.com');
    expect(input).toHaveClass('valid');
  });

  it('keeps Save disabled until a new email and the current password are typed', async () => {
    await renderSettingsSignedIn();
    const { input, password, save } = emailSection();
    expect(save).toBeDisabled();
    await userEvent.type(input, '   ');
    expect(save).toBeDisabled();
    await userEvent.type(input, 'bob@example.com');
    expect(save).toBeDisabled();
    await userEvent.type(password, 'Secret123');
    expect(save).toBeEnabled();
  });

  it('sends the change with the current password and says a verification link was sent', async () => {
    const { api } = await renderSettingsSignedIn({ 'PUT /auth/profile': updated });
    const { section, input, password, save } = await fillIn(' Bob@example.com ');
    await userEvent.click(save);
    expect(
      await within(section).findByText(
        'We sent a verification link to bob@example.com. Your email changes when you open it.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(within(section).getByText('alice@example.com')).toBeInTheDocument();
    expect(within(section).getByText(/Waiting for verification: bob@example\.com/)).toBeVisible();
    expect(input).toHaveValue('');
    expect(password).toHaveValue('');
    expect(api.callsTo('PUT /auth/profile')[0]?.body).toEqual({
      email: 'Bob@example.com',
      currentPassword: 'Secret123',
    });
    expect(localStorage.getItem('authToken')).toBe('tok-2');
  });

  it("shows the server's message for a wrong current password", async () => {
    await renderSettingsSignedIn({
      'PUT /auth/profile': fail(400, 'Current password is incorrect'),
    });
    const { section, save } = await fillIn('bob@example.com', 'wrong');
    await userEvent.click(save);
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Current password is incorrect',
    );
  });

  it("shows the server's message when the email is taken", async () => {
    await renderSettingsSignedIn({
      'PUT /auth/profile': fail(409, 'An account with this email already exists'),
    });
    const { section, save } = await fillIn('taken@example.com');
    await userEvent.click(save);
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('An account with this email already exists');
    expect(within(section).getByText('alice@example.com')).toBeInTheDocument();
  });

  it.each([
    ['the server gives no message', fail(500)],
    ['the network fails', networkError],
  ])('shows "Profile update failed" when %s', async (_, reply) => {
    await renderSettingsSignedIn({ 'PUT /auth/profile': reply });
    const { section, save } = await fillIn('bob@example.com');
    await userEvent.click(save);
    expect(await within(section).findByRole('alert')).toHaveTextContent('Profile update failed');
  });

  it('clears the last outcome when the email is edited again', async () => {
    await renderSettingsSignedIn({ 'PUT /auth/profile': fail(500) });
    const { section, input, save } = await fillIn('bob@example.com');
    await userEvent.click(save);
    await within(section).findByRole('alert');
    await userEvent.type(input, 'm');
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });
});
