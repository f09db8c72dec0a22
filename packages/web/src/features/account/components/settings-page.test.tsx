import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAuthDialogStub } from '../../../testing/auth-dialog-stub';
import { mockApi, ok } from '../../../testing/mock-api';
import { renderWithSession } from '../../../testing/render-with-session';
import { renderSettingsSignedIn } from '../testing/render-settings';
import { SettingsPage } from './settings-page';

describe('Account settings', () => {
  it('asks a signed-out visitor to log in', () => {
    mockApi({});
    renderWithSession(<SettingsPage renderAuthDialog={renderAuthDialogStub} />, {
      path: '/account/settings',
    });
    expect(screen.getByRole('heading', { name: 'Account settings' })).toBeInTheDocument();
    expect(screen.getByText('Log in to see your settings.')).toBeInTheDocument();
  });

  it('is the current tab beside My files and Balance', async () => {
    await renderSettingsSignedIn();
    const nav = screen.getByRole('navigation', { name: 'Account pages' });
    const tabs = Array.from(nav.querySelectorAll('a'), (link) => link.textContent);
    expect(tabs).toEqual(['My files', 'Balance', 'Settings']);
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  });

  it('signs out: the token is dropped and revoked, and the log-in prompt shows', async () => {
    const { api } = await renderSettingsSignedIn({ 'POST /auth/logout': ok() });
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Log in to see your settings.')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(api.callsTo('POST /auth/logout')[0]?.authorization).toBe('Bearer tok');
  });
});
