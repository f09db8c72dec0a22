import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../testing/mock-api';
import { linkOpener, mailedPasswordPageCases, TOKEN } from './mailed-password-page.test-cases';
import { RESTORE_MESSAGES, RestoreEmailPage } from './restore-email-page';

const openLink = linkOpener('/restore-email', <RestoreEmailPage />);

describe('/restore-email', () => {
  it('reads and clears the fragment, then puts the old address back with a new password', async () => {
    const api = mockApi({
      'POST /auth/restore-email': ok({ restored: true, email: 'ada@example.com' }),
    });
    openLink(`#token=${TOKEN}`);
    expect(window.location.hash).toBe('');
    expect(screen.getByRole('heading', { name: /This wasn't me/ })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), 'Another-Horse-7');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      RESTORE_MESSAGES.done('ada@example.com'),
    );
    expect(api.callsTo('POST /auth/restore-email')[0]?.body).toEqual({
      token: TOKEN,
      newPassword: 'Another-Horse-7',
    });
  });

  mailedPasswordPageCases({
    openLink,
    endpoint: 'POST /auth/restore-email',
    missing: RESTORE_MESSAGES.missing,
  });
});
