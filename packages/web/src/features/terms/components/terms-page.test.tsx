import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../testing/mock-api';
import { renderWithSession } from '../../../testing/render-with-session';
import { TermsPage } from './terms-page';

describe('the terms page', () => {
  it('names the operator and the abuse address the server is set up with', async () => {
    mockApi({
      'GET /config': ok({ operatorName: 'Example Hosting Ltd', abuseEmail: 'abuse@example.org' }),
    });
    renderWithSession(<TermsPage />, { path: '/terms' });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeInTheDocument();
    expect(await screen.findByText(/is run by Example Hosting Ltd\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'abuse@example.org' })).toHaveAttribute(
      'href',
      'mailto:abuse@example.org',
    );
    for (const heading of [
      'What is not allowed',
      'How to report a file',
      'How reports and notices are handled',
      'Encrypted files',
      'What is kept, and for how long',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    expect(screen.getByText(/the operator cannot read an encrypted file/)).toBeInTheDocument();
    expect(
      screen.getByText(/after 24 hours \(30 days on Premium\) at the latest/),
    ).toBeInTheDocument();
  });

  it('reads plainly without an operator name or abuse address', async () => {
    const api = mockApi({ 'GET /config': ok({ operatorName: null, abuseEmail: null }) });
    renderWithSession(<TermsPage />, { path: '/terms' });
    await expect.poll(() => api.callsTo('GET /config').length).toBe(1);
    expect(await screen.findByText(/is run by the operator of this site\./)).toBeInTheDocument();
    expect(screen.getByText(/use "Report this file" under the download card/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
  });
});
