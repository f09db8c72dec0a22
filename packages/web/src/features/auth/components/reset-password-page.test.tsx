import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../testing/mock-api';
import { linkOpener, mailedPasswordPageCases, TOKEN } from './mailed-password-page.test-cases';
import { RESET_MESSAGES, ResetPasswordPage } from './reset-password-page';

const openLink = linkOpener('/reset-password', <ResetPasswordPage />);

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

  mailedPasswordPageCases({
    openLink,
    endpoint: 'POST /auth/reset-password',
    missing: RESET_MESSAGES.missing,
  });
});
