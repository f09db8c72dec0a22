/** "Expires after" on the home page, sent with presign and shown on the card. */
import '../testing/blob-polyfill';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { withSucceedingXhr } from '../testing/fake-xhr-per-test';
import { smallUploadRoutes } from '../testing/home-upload';
import { HomePage } from './home-page';

const EXPIRES_AT = new Date(Date.now() + 3600_000).toISOString();

const routes = () => smallUploadRoutes(EXPIRES_AT);

withSucceedingXhr();

const options = () =>
  Array.from(
    (screen.getByLabelText('Expires after') as HTMLSelectElement).options,
    (o) => `${o.textContent}${o.disabled ? ' [disabled]' : ''}`,
  );

describe('Expires after', () => {
  it('offers up to a day to everyone, one day by default; 7 days needs Premium', () => {
    render(<HomePage />);
    expect(screen.getByLabelText('Expires after')).toHaveDisplayValue('1 day');
    expect(options()).toEqual(['1 hour', '1 day', '7 days (Premium) [disabled]']);
  });

  it('offers 30 days to premium users, and starts there', () => {
    render(<HomePage isPremium />);
    expect(screen.getByLabelText('Expires after')).toHaveDisplayValue('30 days');
    expect(options()).toEqual(['1 hour', '1 day', '7 days', '30 days']);
  });

  it('sends the choice with presign and shows the real expiry on the card', async () => {
    const api = mockApi(routes());
    render(<HomePage />);
    await userEvent.selectOptions(screen.getByLabelText('Expires after'), '1 hour');
    fireEvent.change(screen.getByLabelText(/drop a file here/i), {
      target: { files: [new File(['hello'], 'hello.txt')] },
    });
    expect(await screen.findByText('Ready to share')).toBeInTheDocument();
    expect(api.callsTo('POST /upload/presign')[0]?.body).toMatchObject({ expiresIn: 3600 });
    expect(screen.getByText('Expires in 1 hour')).toBeInTheDocument();
  });
});
