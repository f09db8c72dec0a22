import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../testing/mock-api';
import { testUser } from '../../../testing/render-with-session';
import { renderSettingsSignedIn } from '../testing/render-settings';

const oidcConfig = { 'GET /config': ok({ features: { oidc: true }, oidcName: 'Acme ID' }) };

describe('Settings: link the external sign-in', () => {
  it('is absent when the server offers no external sign-in', async () => {
    await renderSettingsSignedIn({ 'GET /config': ok({ features: { oidc: false } }) });
    expect(screen.queryByRole('button', { name: /^Link / })).not.toBeInTheDocument();
  });

  it('starts a linking sign-in, signed in, and follows the URL the server returns', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { api } = await renderSettingsSignedIn({
      ...oidcConfig,
      'POST /auth/oidc/link': ok({ url: 'http://idp.test/auth?state=s' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Link Acme ID account' }));
    expect(api.callsTo('POST /auth/oidc/link')[0]?.authorization).toBe('Bearer tok');
    expect(assign).toHaveBeenCalledWith('http://idp.test/auth?state=s');
  });

  it("shows the server's message when linking cannot start", async () => {
    await renderSettingsSignedIn({
      ...oidcConfig,
      'POST /auth/oidc/link': fail(409, 'This account already has a linked sign-in.'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Link Acme ID account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This account already has a linked sign-in.',
    );
  });

  it('says the provider is linked instead of offering the button', async () => {
    await renderSettingsSignedIn({
      ...oidcConfig,
      'GET /auth/me': ok({ user: { ...testUser(), oidcLinked: true } }),
    });
    expect(
      await screen.findByText('Your Acme ID account is linked. You can sign in with it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link Acme ID account' })).not.toBeInTheDocument();
  });
});
