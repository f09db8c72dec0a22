import 'fake-indexeddb/auto';
import '../testing/blob-polyfill';
import { RECORD_SIZE } from '@sealdrop/core/record-format';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type MockRoutes, mockApi, ok } from '../../../testing/mock-api';
import { HomePage } from '../components/home-page';
import { FakeXhr } from '../testing/fake-xhr';
import { withFakeXhr } from '../testing/fake-xhr-per-test';
import { partUrls } from '../testing/part-urls';
import { factsOf, type PendingUpload } from './pending-upload';
import { createPendingUploadStore } from './pending-upload-store';

const LAST_MODIFIED = 1_700_000_000_000;
let dbCount = 0;

function bigFile(name = 'big.bin', size = 3 * RECORD_SIZE): File {
  return new File([new Uint8Array(size).fill(7)], name, { lastModified: LAST_MODIFIED });
}

function stored(overrides: Partial<PendingUpload> = {}): PendingUpload {
  return {
    fileId: 'Short12345',
    objectKey: 'objects/9',
    uploadId: 'up-9',
    shortCode: 'Short12345',
    completeToken: 't'.repeat(43),
    link: `${window.location.origin}/s/Short12345`,
    fragment: null,
    file: factsOf(bigFile()),
    contentType: 'application/octet-stream',
    partSize: RECORD_SIZE,
    partCount: 3,
    concurrency: 4,
    expiresAt: Date.now() + 3_600_000,
    savedAt: Date.now(),
    parts: [{ partNumber: 1, etag: '"p1"' }],
    ...overrides,
  };
}

const routes: MockRoutes = {
  'POST /tiny/instant': () => ok({ tinyUrl: '/s/Short12345', shortCode: 'Short12345' }),
  'POST /upload/presign': () =>
    ok({
      multipart: {
        uploadId: 'up-9',
        partSize: RECORD_SIZE,
        partCount: 3,
        parts: [1, 2, 3].map((n) => ({ partNumber: n, url: `https://storage.test/part/${n}` })),
      },
      objectKey: 'objects/9',
      slug: 'Short12345',
      shortUrl: '/s/Short12345',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      objectSize: 0,
      concurrency: 4,
    }),
  'POST /upload/parts': partUrls,
  'POST /upload/finalize': () =>
    ok({ fileId: 'Short12345', storageKey: 'objects/9', downloadUrl: '/s/Short12345' }),
  'PUT /tiny/complete/*': () => ok({}),
  'POST /upload/abort': () => ok({}),
};

const partOf = (xhr: FakeXhr) => Number(xhr.url.split('/').at(-1));

withFakeXhr();

/** The home page with a fresh resume store, sending big.bin's three parts (none answered yet). */
async function uploadingBigFile() {
  const store = createPendingUploadStore({ dbName: `offer-${++dbCount}` });
  const { unmount } = render(<HomePage resumeStore={store} />);
  fireEvent.change(screen.getByLabelText(/drop a file here/i), {
    target: { files: [bigFile()] },
  });
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(3), { timeout: 5_000 });
  return { store, unmount };
}

describe('resuming an upload after a reload', () => {
  it('remembers a multipart upload with its key and each finished part, and forgets it once abandoned', async () => {
    const api = mockApi(routes);
    const { store, unmount } = await uploadingBigFile();
    const link = (screen.getByLabelText('Share link') as HTMLInputElement).value;
    act(() => {
      for (const xhr of FakeXhr.sent) if (partOf(xhr) !== 2) xhr.succeed(`"etag-${partOf(xhr)}"`);
    });

    await waitFor(async () => expect((await store.list())[0]?.parts).toHaveLength(2));
    const [entry] = await store.list();
    expect(entry).toMatchObject({
      fileId: 'Short12345',
      objectKey: 'objects/9',
      uploadId: 'up-9',
      link,
      file: { name: 'big.bin', size: 3 * RECORD_SIZE, lastModified: LAST_MODIFIED },
      parts: [
        { partNumber: 1, etag: '"etag-1"' },
        { partNumber: 3, etag: '"etag-3"' },
      ],
    });
    expect(`#${entry?.fragment}`).toBe(new URL(link).hash);

    // Abandoned (a page running its own uploads goes away, the document staying): the server is
    // told, and there is nothing left to resume.
    unmount();
    await waitFor(() => expect(api.callsTo('POST /upload/abort')).toHaveLength(1));
    await waitFor(async () => expect(await store.list()).toEqual([]));
  });

  it('keeps the upload resumable when the page unloads mid-transfer (no abort, entry kept)', async () => {
    const api = mockApi(routes);
    const { store, unmount } = await uploadingBigFile();
    act(() => FakeXhr.sent.find((xhr) => partOf(xhr) === 1)?.succeed('"etag-1"'));
    await waitFor(async () => expect((await store.list())[0]?.parts).toHaveLength(1));

    // What a reload does to the transfer: pagehide, then the requests in flight die.
    window.dispatchEvent(new Event('pagehide'));
    try {
      act(() => {
        for (const xhr of FakeXhr.sent) if (partOf(xhr) !== 1) xhr.failNetwork();
        unmount();
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(api.callsTo('POST /upload/abort')).toHaveLength(0);
      expect((await store.list()).map((u) => u.parts)).toEqual([
        [{ partNumber: 1, etag: '"etag-1"' }],
      ]);
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
  });

  it('offers the stored upload and refuses a different file without sending anything', async () => {
    const api = mockApi(routes);
    const store = createPendingUploadStore({ dbName: `offer-${++dbCount}` });
    await store.save(stored());
    render(<HomePage resumeStore={store} />);

    const offer = await screen.findByRole('region', { name: 'Resume your upload of big.bin?' });
    expect(offer).toHaveTextContent(/of 192 ?KB sent \(33%\)/);
    expect(screen.getByRole('button', { name: 'Resume upload' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Choose big.bin again to resume'), {
      target: { files: [bigFile('big.bin', 3 * RECORD_SIZE - 1)] },
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'That is a different file. Choose the same file (same name, size and date) to resume.',
    );
    expect(api.calls).toHaveLength(0);
    expect(FakeXhr.sent).toHaveLength(0);
    expect(await store.list()).toHaveLength(1);
  });

  it('continues with the same link, sends only the missing parts, finalizes and forgets it', async () => {
    const api = mockApi(routes);
    const store = createPendingUploadStore({ dbName: `offer-${++dbCount}` });
    await store.save(stored());
    FakeXhr.onSend = (xhr) => queueMicrotask(() => xhr.succeed(`"etag-${partOf(xhr)}"`));
    render(<HomePage resumeStore={store} />);

    fireEvent.change(await screen.findByLabelText('Choose big.bin again to resume'), {
      target: { files: [bigFile()] },
    });
    expect(screen.getByLabelText('Share link')).toHaveValue(
      `${window.location.origin}/s/Short12345`,
    );
    expect(await screen.findByText('Ready to share')).toBeInTheDocument();
    expect(FakeXhr.sent.map(partOf).sort()).toEqual([2, 3]);
    expect(api.callsTo('POST /upload/presign')).toHaveLength(0);
    expect(api.callsTo('POST /upload/finalize')[0]?.body).toEqual({
      objectKey: 'objects/9',
      slug: 'Short12345',
      parts: [
        { partNumber: 1, etag: '"p1"' },
        { partNumber: 2, etag: '"etag-2"' },
        { partNumber: 3, etag: '"etag-3"' },
      ],
    });
    expect(api.callsTo('PUT /tiny/complete/*')).toHaveLength(1);
    expect(api.callsTo('PUT /tiny/complete/*')[0]?.body).toMatchObject({
      completeToken: 't'.repeat(43),
    });
    await waitFor(async () => expect(await store.list()).toEqual([]));
    expect(screen.queryByRole('region', { name: /Resume your upload/ })).not.toBeInTheDocument();
  });

  it('Discard aborts the upload on the server and forgets it', async () => {
    const api = mockApi(routes);
    const store = createPendingUploadStore({ dbName: `offer-${++dbCount}` });
    await store.save(stored());
    render(<HomePage resumeStore={store} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /Resume your upload/ })).not.toBeInTheDocument(),
    );
    expect(api.callsTo('POST /upload/abort')[0]?.body).toEqual({
      objectKey: 'objects/9',
      uploadId: 'up-9',
    });
    expect(await store.list()).toEqual([]);
    expect(screen.getByLabelText(/drop a file here/i)).toBeInTheDocument();
  });

  it('ignores an upload past its expiry', async () => {
    mockApi(routes);
    const store = createPendingUploadStore({ dbName: `offer-${++dbCount}` });
    await store.save(stored({ expiresAt: Date.now() - 1 }));
    render(<HomePage resumeStore={store} />);
    await waitFor(async () => expect(await store.list()).toEqual([]));
    expect(screen.queryByRole('region', { name: /Resume your upload/ })).not.toBeInTheDocument();
  });
});
