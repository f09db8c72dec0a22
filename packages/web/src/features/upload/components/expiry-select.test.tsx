/** Issue 16 item 2: "Expires after" on the home page, sent with presign and shown on the card. */
import '../testing/blob-polyfill';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../testing/fake-xhr';
import { mockApi } from '../testing/mock-api';
import { HomePage } from './home-page';

const EXPIRES_AT = new Date(Date.now() + 3600_000).toISOString();

function routes() {
  return {
    'POST /tiny/instant': () => ({
      data: { tinyUrl: '/s/Short12345', shortCode: 'Short12345', completeToken: 't'.repeat(43) },
    }),
    'POST /upload/presign': () => ({
      data: {
        uploadUrl: 'https://storage.test/object',
        objectKey: 'objects/1',
        slug: 'Short12345',
        shortUrl: '/s/Short12345',
        expiresAt: EXPIRES_AT,
        objectSize: 0,
      },
    }),
    'POST /upload/finalize': () => ({
      data: { fileId: 'Short12345', storageKey: 'objects/1', downloadUrl: '/s/Short12345' },
    }),
    'PUT /tiny/complete/*': () => ({ data: {} }),
  };
}

beforeEach(() => {
  FakeXhr.reset();
  FakeXhr.onSend = (xhr) => queueMicrotask(() => xhr.succeed());
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.unstubAllGlobals();
});

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
