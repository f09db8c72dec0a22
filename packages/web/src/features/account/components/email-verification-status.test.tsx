import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAuthDialogStub } from '../../../testing/auth-dialog-stub';
import { fail, mockApi, ok } from '../../../testing/mock-api';
import { renderWithSession, testUser } from '../../../testing/render-with-session';
import { renderSettingsSignedIn } from '../testing/render-settings';
import { VERIFICATION_MESSAGES } from './email-verification-status';
import { SettingsPage } from './settings-page';

const emailSection = () => screen.getByRole('region', { name: 'Email' });

describe('Email verification in the settings', () => {
  it('says the address is not verified and resends the link on request', async () => {
    const { api } = await renderSettingsSignedIn({
      'POST /auth/resend-verification': ok({ sent: true, email: 'alice@example.com' }),
    });
    const section = emailSection();
    expect(within(section).getByText(VERIFICATION_MESSAGES.unverified)).toBeInTheDocument();
    await userEvent.click(
      within(section).getByRole('button', { name: 'Resend verification email' }),
    );
    expect(
      await within(section).findByText(VERIFICATION_MESSAGES.sent('alice@example.com')),
    ).toHaveAttribute('role', 'status');
    expect(api.callsTo('POST /auth/resend-verification')).toHaveLength(1);
  });

  it("shows the server's message when the mail cannot be sent", async () => {
    const message = 'We could not send the email right now. Please try again in a few minutes.';
    await renderSettingsSignedIn({ 'POST /auth/resend-verification': fail(503, message) });
    await userEvent.click(
      within(emailSection()).getByRole('button', { name: 'Resend verification email' }),
    );
    expect(await within(emailSection()).findByRole('alert')).toHaveTextContent(message);
  });

  it('shows a verified address without a resend button, and a pending new one with it', async () => {
    localStorage.setItem('authToken', 'tok');
    mockApi({ 'GET /auth/me': ok({ user: testUser({ emailVerified: true }) }) });
    const view = renderWithSession(<SettingsPage renderAuthDialog={renderAuthDialogStub} />, {
      path: '/account/settings',
    });
    await screen.findByRole('heading', { name: 'Email' });
    expect(within(emailSection()).getByText('Verified')).toBeInTheDocument();
    expect(
      within(emailSection()).queryByRole('button', { name: 'Resend verification email' }),
    ).not.toBeInTheDocument();
    view.unmount();

    mockApi({
      'GET /auth/me': ok({
        user: testUser({ emailVerified: true, pendingEmail: 'new@example.com' }),
      }),
    });
    renderWithSession(<SettingsPage renderAuthDialog={renderAuthDialogStub} />, {
      path: '/account/settings',
    });
    await screen.findByRole('heading', { name: 'Email' });
    expect(
      within(emailSection()).getByText(VERIFICATION_MESSAGES.pending('new@example.com')),
    ).toBeInTheDocument();
    expect(
      within(emailSection()).getByRole('button', { name: 'Resend verification email' }),
    ).toBeInTheDocument();
  });
});
