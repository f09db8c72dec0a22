import '../testing/blob-polyfill';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../testing/mock-api';
import { FakeXhr } from '../testing/fake-xhr';
import { withFakeXhr } from '../testing/fake-xhr-per-test';
import { UploadStatusCard } from './upload-status-card';

const routes = {
  'POST /tiny/instant': () =>
    ok({ tinyUrl: '/s/Short12345', shortCode: 'Short12345', completeToken: 't'.repeat(43) }),
  'POST /upload/presign': () =>
    ok({
      multipart: {
        uploadId: 'up-9',
        partSize: 65536,
        partCount: 1,
        parts: [{ partNumber: 1, url: 'https://storage.test/part/1' }],
      },
      objectKey: 'objects/9',
      slug: 'Short12345',
      shortUrl: '/s/Short12345',
      expiresAt: '2026-11-23T00:00:00Z',
      objectSize: 0,
      concurrency: 4,
    }),
  'POST /upload/finalize': () =>
    ok({ fileId: 'Short12345', storageKey: 'objects/9', downloadUrl: '/s/Short12345' }),
  'PUT /tiny/complete/*': () => ok({}),
  'POST /upload/abort': () => ok({}),
};

withFakeXhr();

describe('UploadStatusCard given a file', () => {
  it('runs the upload itself up to ready', async () => {
    mockApi(routes);
    FakeXhr.onSend = (xhr) => queueMicrotask(() => xhr.succeed('"p1"'));
    render(<UploadStatusCard file={new File(['data'], 'self.txt')} encrypt={false} />);
    expect(screen.getByText('self.txt')).toBeInTheDocument();
    expect(await screen.findByText('Ready to share')).toBeInTheDocument();
    expect(screen.getByLabelText('Share link')).toHaveValue(
      `${window.location.origin}/s/Short12345`,
    );
  });

  it('aborts the transfer and tells the server when it is unmounted mid-upload', async () => {
    const api = mockApi(routes);
    const { unmount } = render(
      <UploadStatusCard file={new File(['data'], 'leave.txt')} encrypt={false} />,
    );
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => unmount());
    expect(FakeXhr.sent[0]?.aborted).toBe(true);
    await waitFor(() =>
      expect(api.callsTo('POST /upload/abort')[0]?.body).toEqual({
        objectKey: 'objects/9',
        uploadId: 'up-9',
      }),
    );
    expect(api.callsTo('POST /upload/finalize')).toHaveLength(0);
  });

  it('offers no dead link after a failure, and Retry shows a new link that works', async () => {
    let reservations = 0;
    mockApi({
      ...routes,
      'POST /tiny/instant': () => {
        reservations += 1;
        const shortCode = reservations === 1 ? 'DeadLink123' : 'LiveLink456';
        return ok({ tinyUrl: `/s/${shortCode}`, shortCode, completeToken: 't'.repeat(43) });
      },
      // The first attempt is refused outright (a 4xx is not retried); the second goes through.
      'POST /upload/presign': ({ body }) =>
        reservations === 1
          ? fail(400, 'Storage quota reached')
          : ok({
              uploadUrl: 'https://storage.test/object',
              objectKey: 'objects/9',
              slug: (body as { shortCode: string }).shortCode,
              shortUrl: `/s/${(body as { shortCode: string }).shortCode}`,
              expiresAt: '2026-11-23T00:00:00Z',
              objectSize: 4,
              concurrency: 1,
            }),
    });
    FakeXhr.onSend = (xhr) => queueMicrotask(() => xhr.succeed());
    render(<UploadStatusCard file={new File(['data'], 'flaky.txt')} encrypt={false} />);

    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    const field = screen.getByLabelText('Share link');
    expect(field).toHaveValue('');
    expect(field).toBeDisabled();
    expect(
      screen.getByText('This link will not work: the upload did not finish.'),
    ).toBeInTheDocument();
    expect(
      screen.queryByText(
        'This is an instant, pre-signed link. Safe to copy or share now while the file uploads.',
      ),
    ).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeDisabled();
    for (const name of ['WhatsApp', 'Telegram', 'Email']) {
      expect(screen.queryByRole('link', { name })).toBeNull();
    }
    expect(document.body.textContent).not.toContain('DeadLink123');

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Ready to share')).toBeInTheDocument();
    expect(screen.getByLabelText('Share link')).toHaveValue(
      `${window.location.origin}/s/LiveLink456`,
    );
    expect(screen.getByRole('button', { name: 'Copy' })).toBeEnabled();
  });
});
