/**
 * What both pages built on MailedPasswordPage (reset a password, restore an address) must do, for
 * their test files to run each with its own path, endpoint and words.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, expect, it } from 'vitest';
import { fail, mockApi } from '../../../testing/mock-api';
import { renderWithSession } from '../../../testing/render-with-session';

export const TOKEN = 'tok_en-0123456789abcdefghijklmnopqrstuvwxyz';

/** Opens the page as its mailed link does: `path` and the fragment `hash`. */
export function linkOpener(path: string, page: ReactElement) {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });
  return (hash: string) => {
    window.history.replaceState(null, '', `${path}${hash}`);
    return renderWithSession(page, { path });
  };
}

export function mailedPasswordPageCases(page: {
  openLink: (hash: string) => unknown;
  endpoint: string;
  missing: string;
}) {
  it("shows the server's message for a used or expired link", async () => {
    const message = 'This link is invalid, expired or already used. Please request a new one.';
    mockApi({ [page.endpoint]: fail(400, message) });
    page.openLink(`#token=${TOKEN}`);
    await userEvent.type(screen.getByLabelText('New password'), 'Another-Horse-7');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('explains where the link comes from when the page is opened without one', () => {
    mockApi({});
    page.openLink('');
    expect(screen.getByRole('alert')).toHaveTextContent(page.missing);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
}
