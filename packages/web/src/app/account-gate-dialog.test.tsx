/** The account pages' log-in prompt opens the auth feature's real dialog, as the router wires it. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MyFilesPage } from '../features/account/components/my-files-page';
import { renderAuthDialog } from '../features/auth/components/render-auth-dialog';
import { mockApi } from '../testing/mock-api';
import { renderWithSession } from '../testing/render-with-session';

describe('account pages in the app', () => {
  it('offers a signed-out visitor the login modal', async () => {
    const api = mockApi({});
    renderWithSession(<MyFilesPage renderAuthDialog={renderAuthDialog} />);
    await userEvent.click(screen.getByRole('button', { name: 'Log in to continue' }));
    // The dialog's script comes when it first opens.
    expect(await screen.findByRole('dialog', { name: 'Log In' })).toBeInTheDocument();
    expect(api.callsTo('GET /files/my-files')).toHaveLength(0);
  });
});
