import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, networkError, ok } from '../../../testing/mock-api';
import { renderSettingsSignedIn } from '../testing/render-settings';

function passwordSection() {
  const section = screen.getByRole('region', { name: 'Password' });
  const field = (label: string) => within(section).getByLabelText(label);
  return {
    section,
    current: field('Current password'),
    next: field('New password'),
    confirm: field('Confirm new password'),
    submit: within(section).getByRole('button', { name: 'Change password' }),
  };
}

type Form = ReturnType<typeof passwordSection>;

async function fill(form: Form, values: Partial<Record<'current' | 'next' | 'confirm', string>>) {
  for (const [name, value] of Object.entries(values)) {
    const input = form[name as 'current' | 'next' | 'confirm'];
    await userEvent.clear(input);
    if (value) await userEvent.type(input, value);
  }
}

const VALID = { current: 'Old-pass1', next: 'New-pass2', confirm: 'New-pass2' };

function checklistItem(section: HTMLElement, label: string) {
  return within(section).getByText(label).closest('li');
}

describe('Change password', () => {
  it('has three labelled password fields and says other devices will be signed out', async () => {
    await renderSettingsSignedIn();
    const form = passwordSection();
    for (const input of [form.current, form.next, form.confirm]) {
      expect(input).toHaveAttribute('type', 'password');
      expect(input).toBeRequired();
    }
    expect(form.current).toHaveAttribute('autocomplete', 'current-password');
    expect(form.next).toHaveAttribute('autocomplete', 'new-password');
    expect(form.section.querySelector('form')).toHaveAccessibleDescription(
      'Changing your password signs you out on all your other devices.',
    );
  });

  it('rates the new password and ticks its checklist', async () => {
    await renderSettingsSignedIn();
    const form = passwordSection();
    await fill(form, { next: 'abc' });
    expect(within(form.section).getByText('weak')).toBeInTheDocument();
    expect(checklistItem(form.section, 'Lowercase letter')).toHaveClass('met');
    expect(checklistItem(form.section, 'Uppercase letter')).not.toHaveClass('met');
    await fill(form, { next: 'abcde1A' });
    expect(within(form.section).getByText('medium')).toBeInTheDocument();
    await fill(form, { next: 'abcdef1A' });
    expect(within(form.section).getByText('strong')).toBeInTheDocument();
    for (const label of ['At least 6 characters', 'Uppercase letter', 'Lowercase letter', 'Number'])
      expect(checklistItem(form.section, label)).toHaveClass('met');
  });

  it('says whether the new passwords match', async () => {
    await renderSettingsSignedIn();
    const form = passwordSection();
    await fill(form, { next: 'New-pass2', confirm: 'New-pass' });
    expect(within(form.section).getByText('Passwords do not match')).toBeInTheDocument();
    expect(form.confirm).not.toHaveClass('valid');
    await fill(form, { confirm: 'New-pass2' });
    expect(within(form.section).getByText('Passwords match')).toBeInTheDocument();
    expect(form.confirm).toHaveClass('valid');
  });

  it('enables submit only when all fields are filled, matching and not weak', async () => {
    await renderSettingsSignedIn();
    const form = passwordSection();
    expect(form.submit).toBeDisabled();
    await fill(form, { next: VALID.next, confirm: VALID.confirm });
    expect(form.submit).toBeDisabled(); // current password missing
    await fill(form, { current: VALID.current, confirm: 'New-pass3' });
    expect(form.submit).toBeDisabled(); // mismatch
    await fill(form, { next: 'abcdefgh', confirm: 'abcdefgh' });
    expect(form.submit).toBeDisabled(); // weak
    await fill(form, { next: VALID.next, confirm: VALID.confirm });
    expect(form.submit).toBeEnabled();
  });

  it('changes the password, clears the fields and says other devices were signed out', async () => {
    const { api } = await renderSettingsSignedIn({
      'POST /auth/change-password': ok({ changed: true }),
    });
    const form = passwordSection();
    await fill(form, VALID);
    await userEvent.click(form.submit);
    expect(
      await within(form.section).findByText('Password changed. Other devices were signed out.'),
    ).toHaveAttribute('role', 'status');
    expect(api.callsTo('POST /auth/change-password')[0]?.body).toEqual({
      currentPassword: 'Old-pass1',
      newPassword: 'New-pass2',
    });
    for (const input of [form.current, form.next, form.confirm]) expect(input).toHaveValue('');
    // This device stays signed in.
    expect(localStorage.getItem('authToken')).toBe('tok');
  });

  it.each([
    'Current password is incorrect',
    'Password is too weak. Please choose a stronger password.',
  ])('shows the server message "%s"', async (message) => {
    await renderSettingsSignedIn({ 'POST /auth/change-password': fail(400, message) });
    const form = passwordSection();
    await fill(form, VALID);
    await userEvent.click(form.submit);
    expect(await within(form.section).findByRole('alert')).toHaveTextContent(message);
    expect(form.current).toHaveValue('Old-pass1');
  });

  it.each([
    ['the server gives no message', fail(502)],
    ['the network fails', networkError],
  ])('shows "Password change failed" when %s', async (_, reply) => {
    await renderSettingsSignedIn({ 'POST /auth/change-password': reply });
    const form = passwordSection();
    await fill(form, VALID);
    await userEvent.click(form.submit);
    expect(await within(form.section).findByRole('alert')).toHaveTextContent(
      'Password change failed',
    );
  });
});
