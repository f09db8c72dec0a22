/**
 * What the card says when presign refuses an upload for the site's own limits: a used-up daily
 * quota (429), a full instance (507) and a blocked network (403) each show the server's sentence
 * as it is, since each says what to do next (wait until a time, try later, write to someone).
 */
import '../testing/blob-polyfill';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi } from '../../../testing/mock-api';
import { withFakeXhr } from '../testing/fake-xhr-per-test';
import { smallUploadRoutes } from '../testing/home-upload';
import { HomePage } from './home-page';

withFakeXhr();

const REFUSALS = [
  {
    status: 429,
    message:
      "You have reached today's upload limit of 100 uploads. It resets at 2026-11-28 14:05 UTC.",
  },
  { status: 507, message: 'Sealdrop is full right now. Please try again later.' },
  {
    status: 403,
    message:
      'Uploads from your network are blocked. Contact abuse@example.org if you think this is a mistake.',
  },
];

describe('the upload card when presign refuses', () => {
  it.each(REFUSALS)("shows the $status answer's message as it is", async ({ status, message }) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = mockApi({
      ...smallUploadRoutes(),
      'POST /upload/presign': () => fail(status, message),
    });
    render(<HomePage />);
    fireEvent.change(screen.getByLabelText(/drop a file here/i), {
      target: { files: [new File(['not today'], 'later.txt')] },
    });
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    // Asked once: a refusal for a limit is not retried behind the person's back.
    expect(api.callsTo('POST /upload/presign')).toHaveLength(1);
  });
});
