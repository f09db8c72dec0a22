/** Opens /account/settings as a signed-in user, with the given API routes on top of GET /auth/me. */
import { screen } from '@testing-library/react';
import { renderAuthDialogStub } from '../../../testing/auth-dialog-stub';
import { mockApi, ok } from '../../../testing/mock-api';
import { renderWithSession, testUser } from '../../../testing/render-with-session';
import { SettingsPage } from '../components/settings-page';

export async function renderSettingsSignedIn(routes: Parameters<typeof mockApi>[0] = {}) {
  localStorage.setItem('authToken', 'tok');
  const api = mockApi({ 'GET /auth/me': ok({ user: testUser() }), ...routes });
  const view = renderWithSession(<SettingsPage renderAuthDialog={renderAuthDialogStub} />, {
    path: '/account/settings',
  });
  // The forms appear once the stored token has become a user.
  await screen.findByRole('heading', { name: 'Email' });
  return { api, ...view };
}
