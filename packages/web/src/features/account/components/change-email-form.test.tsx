import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, networkError, ok } from '../../../testing/mock-api';
import { testUser } from '../../../testing/render-with-session';
import { renderSettingsSignedIn } from '../testing/render-settings';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

function emailSection() {
  const section = screen.getByRole('region', { name: 'Email' });
  return {
    section,
    input: within(section).getByLabelText('New email'),
    save: within(section).getByRole('button', { name: 'Save email' }),
  };
}

const updated = ok({ user: testUser({ email: 'bob@example.com' }), token: 'tok-2' });

describe('Change email', () => {
  it('shows the current email and an email field for the new one', async () => {
    await renderSettingsSignedIn();
    const { section, input } = emailSection();
    expect(within(section).getByText('alice@example.com')).toBeInTheDocument();
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toBeRequired();
  });

  it('styles the new email as valid only when it looks like an address', async () => {
    await renderSettingsSignedIn();
    const { input } = emailSection();
    await userEvent.type(input, 'bob@example');
    expect(input).not.toHaveClass('valid');
    await userEvent.type(input, '.com');
    expect(input).toHaveClass('valid');
  });

  it('keeps Save disabled until a new email is typed', async () => {
    await renderSettingsSignedIn();
    const { input, save } = emailSection();
    expect(save).toBeDisabled();
    await userEvent.type(input, '   ');
    expect(save).toBeDisabled();
    await userEvent.type(input, 'bob@example.com');
    expect(save).toBeEnabled();
  });

  it('saves the new email, shows it as current and says "Your email was updated."', async () => {
    const { api } = await renderSettingsSignedIn({ 'PUT /auth/profile': updated });
    const { section, input, save } = emailSection();
    await userEvent.type(input, ' bob@example.com ');
    await userEvent.click(save);
    expect(await within(section).findByText('Your email was updated.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(within(section).getByText('bob@example.com')).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(api.callsTo('PUT /auth/profile')[0]?.body).toEqual({ email: 'bob@example.com' });
    expect(localStorage.getItem('authToken')).toBe('tok-2');
  });

  it("shows the server's message when the email is taken", async () => {
    await renderSettingsSignedIn({
      'PUT /auth/profile': fail(409, 'An account with this email already exists'),
    });
    const { section, input, save } = emailSection();
    await userEvent.type(input, 'taken@example.com');
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
    const { section, input, save } = emailSection();
    await userEvent.type(input, 'bob@example.com');
    await userEvent.click(save);
    expect(await within(section).findByRole('alert')).toHaveTextContent('Profile update failed');
  });

  it('clears the last outcome when the email is edited again', async () => {
    await renderSettingsSignedIn({ 'PUT /auth/profile': fail(500) });
    const { section, input, save } = emailSection();
    await userEvent.type(input, 'bob@example.com');
    await userEvent.click(save);
    await within(section).findByRole('alert');
    await userEvent.type(input, 'm');
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });
});
