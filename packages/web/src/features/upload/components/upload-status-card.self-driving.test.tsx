import '../testing/blob-polyfill';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../testing/fake-xhr';
import { mockApi } from '../testing/mock-api';
import { UploadStatusCard } from './upload-status-card';

const routes = {
  'POST /tiny/instant': () => ({
    data: { tinyUrl: '/s/Short12345', shortCode: 'Short12345', completeToken: 't'.repeat(43) },
  }),
  'POST /upload/presign': () => ({
    data: {
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
    },
  }),
  'POST /upload/finalize': () => ({
    data: { fileId: 'Short12345', storageKey: 'objects/9', downloadUrl: '/s/Short12345' },
  }),
  'PUT /tiny/complete/*': () => ({ data: {} }),
  'POST /upload/abort': () => ({ data: {} }),
};

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.unstubAllGlobals();
});

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
});
