import '../testing/blob-polyfill';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, type MockRoutes, mockApi, ok } from '../../../testing/mock-api';
import { FakeXhr } from '../testing/fake-xhr';
import { withFakeXhr } from '../testing/fake-xhr-per-test';
import { HomePage } from './home-page';

const COMPLETE_TOKEN = 't'.repeat(43);

const GiB = 1024 ** 3;

function presigned(body: unknown) {
  const { shortCode } = body as { shortCode?: string };
  const slug = shortCode ?? 'Slug123456';
  return ok({
    uploadUrl: 'https://storage.test/object',
    objectKey: 'objects/1',
    slug,
    shortUrl: `/s/${slug}`,
    expiresAt: '2026-11-23T00:00:00Z',
    objectSize: 0,
    concurrency: 4,
  });
}

const happyRoutes: MockRoutes = {
  'POST /tiny/instant': () =>
    ok({ tinyUrl: '/s/Short12345', shortCode: 'Short12345', completeToken: COMPLETE_TOKEN }),
  'POST /upload/presign': ({ body }) => presigned(body),
  'POST /upload/finalize': () =>
    ok({ fileId: 'Short12345', storageKey: 'objects/1', downloadUrl: '/s/Short12345' }),
  'PUT /tiny/complete/*': () => ok({}),
  'POST /upload/abort': () => ok({}),
};

function pick(file: File) {
  const input = screen.getByLabelText(/drop a file here/i);
  fireEvent.change(input, { target: { files: [file] } });
}

function shareField(): HTMLInputElement {
  return screen.getByLabelText('Share link') as HTMLInputElement;
}

withFakeXhr();

describe('HomePage', () => {
  it('offers files or a folder up to 5GB, encryption on by default, benefits and the Premium card', () => {
    render(<HomePage />);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Encrypted in your browser, stored for up to 24 hours, shared with one short link.',
      ),
    ).toBeInTheDocument();
    const input = screen.getByLabelText(/drop a file here/i);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('multiple');
    // One file input: "Choose a folder" opens it as a folder picker for one pick.
    expect(document.querySelectorAll('input[type=file]')).toHaveLength(1);
    const click = vi.spyOn(input as HTMLInputElement, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Choose a folder' }));
    expect(click).toHaveBeenCalled();
    expect((input as HTMLInputElement).webkitdirectory).toBe(true);
    fireEvent.change(input, { target: { files: [] } });
    expect((input as HTMLInputElement).webkitdirectory).toBe(false);
    expect(screen.getByText('up to 5GB')).toBeInTheDocument();
    expect(screen.getByText('Upload files up to 5GB without creating an account.')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Encrypt in my browser' })).toBeChecked();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(7);
    for (const feature of [
      'Priority uploads',
      '100GB files',
      '30-day storage',
      'Enhanced security',
    ]) {
      expect(screen.getByText(feature)).toBeInTheDocument();
    }
    expect(screen.getAllByText('Pro')).toHaveLength(4);
    expect(screen.getByText('Hold 10K+ token to go Pro')).toBeInTheDocument();
  });

  it('takes a dropped file like a picked one', async () => {
    mockApi(happyRoutes);
    render(<HomePage />);
    const zone = screen.getByText('Drop a file here or click to choose one');
    const file = new File(['dropped'], 'dropped.txt');
    fireEvent.dragEnter(zone, { dataTransfer: { files: [file] } });
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    expect(await screen.findByText('dropped.txt')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Upload Status' })).toBeInTheDocument();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  });

  it('shares several files as one encrypted link, even with encryption unchecked', async () => {
    const api = mockApi(happyRoutes);
    render(<HomePage />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Encrypt in my browser' }));
    const input = screen.getByLabelText(/drop a file here/i);
    const files = [new File(['one'], 'one.txt'), new File(['three'], 'three.txt')];
    fireEvent.change(input, { target: { files } });
    // One card for both: named by their count, their sizes added up.
    expect(await screen.findByText('2 files')).toBeInTheDocument();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const [presign] = api.callsTo('POST /upload/presign');
    expect(presign?.body).toMatchObject({ isEncrypted: true, size: 8 });
    expect(presign?.body).toHaveProperty('encryptedMetadata');
    expect(presign?.body).not.toHaveProperty('filename');
  });

  it('tells premium users everything is active and raises the limit', () => {
    render(<HomePage isPremium />);
    expect(screen.getByText('All features active!')).toBeInTheDocument();
    expect(screen.getByText('up to 100GB')).toBeInTheDocument();
  });

  it("never reads as free to a premium user: 30 days and 100GB, no guest's 24 hours or 5GB", () => {
    render(<HomePage isPremium />);
    expect(
      screen.getByText(
        'Encrypted in your browser, stored for up to 30 days, shared with one short link.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Upload files up to 100GB, kept for up to 30 days.'),
    ).toBeInTheDocument();
    const page = screen.getByRole('main');
    expect(page).not.toHaveTextContent('24 hours');
    expect(page).not.toHaveTextContent(/\b5GB/);
    expect(page).not.toHaveTextContent('without creating an account');
    expect(page).not.toHaveTextContent('no login');
  });

  it('refuses a file over the limit with an alert and starts nothing', () => {
    const api = mockApi(happyRoutes);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    render(<HomePage />);
    const big = new File(['x'], 'huge.iso');
    Object.defineProperty(big, 'size', { value: 5 * GiB + 1 });
    pick(big);
    expect(alert).toHaveBeenCalledWith('File size exceeds maximum allowed size of 5GB');
    expect(api.fetchMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/drop a file here/i)).toBeInTheDocument();
  });

  it('refuses, with an alert and before any request, names too long for one link', () => {
    const api = mockApi(happyRoutes);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    render(<HomePage />);
    const folder = 'deep/'.repeat(500);
    const files = ['one', 'two'].map((name) => {
      const file = new File([name], `${name}.txt`);
      Object.defineProperty(file, 'webkitRelativePath', { value: `${folder}${name}.txt` });
      return file;
    });
    fireEvent.change(screen.getByLabelText(/drop a file here/i), { target: { files } });
    expect(alert).toHaveBeenCalledWith(
      'The names and folders of these files are too long to share in one link. Share fewer files at once, or shorten their paths.',
    );
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('shows the short link before the transfer ends, then gets ready; a failed short-link completion is only logged', async () => {
    const api = mockApi({
      ...happyRoutes,
      'PUT /tiny/complete/*': () => fail(500, 'boom'),
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<HomePage />);
    pick(new File(['hello world'], 'notes.txt', { type: 'text/plain' }));

    expect(screen.getByText('notes.txt')).toBeInTheDocument();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const origin = window.location.origin;
    const linkPattern = new RegExp(`^${origin}/s/Short12345#key=[\\w-]{43}&iv=[\\w-]{16}$`);
    expect(shareField().value).toMatch(linkPattern);
    expect(screen.getByText('Uploading…')).toBeInTheDocument();
    expect(api.callsTo('POST /upload/presign')[0]?.body).toMatchObject({
      encryptedMetadata: expect.stringMatching(/^[\w-]+$/),
      size: 11,
      isEncrypted: true,
      shortCode: 'Short12345',
    });

    const xhr = FakeXhr.sent[0]!;
    act(() => xhr.progress(20));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '57');
    act(() => xhr.succeed());

    expect(await screen.findByText('Ready to share')).toBeInTheDocument();
    expect(shareField().value).toMatch(linkPattern);
    expect(api.callsTo('PUT /tiny/complete/*')[0]).toMatchObject({
      path: '/tiny/complete/Short12345',
      body: {
        fileId: 'Short12345',
        storageKey: 'objects/1',
        completeToken: COMPLETE_TOKEN,
      },
    });
    // An encrypted upload's name never leaves the browser.
    expect(JSON.stringify(api.calls)).not.toContain('notes.txt');
    expect(logged).toHaveBeenCalledWith('Completing the short link failed', expect.anything());
    expect(screen.queryByText('Upload failed')).not.toBeInTheDocument();
  });

  it('uploads without a short code when the instant link fails, and without a key when encryption is off', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = mockApi({
      ...happyRoutes,
      'POST /tiny/instant': () => fail(503, 'down'),
      'POST /upload/finalize': () =>
        ok({ fileId: 'Slug123456', storageKey: 'objects/1', downloadUrl: '' }),
    });
    FakeXhr.onSend = (xhr) => queueMicrotask(() => xhr.succeed());
    render(<HomePage />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Encrypt in my browser' }));
    pick(new File(['plain'], 'plain.txt', { type: 'text/plain' }));

    expect(await screen.findByText('Ready to share')).toBeInTheDocument();
    expect(shareField()).toHaveValue(`${window.location.origin}/s/Slug123456`);
    expect(api.callsTo('POST /upload/presign')[0]?.body).toEqual({
      filename: 'plain.txt',
      contentType: 'text/plain',
      size: 5,
      isEncrypted: false,
      // "Expires after" defaults to one day.
      expiresIn: 86_400,
    });
    expect(api.callsTo('PUT /tiny/complete/*')).toHaveLength(0);
  });

  it("shows the server's message on failure, and Retry starts again from the file", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let presigns = 0;
    mockApi({
      ...happyRoutes,
      'POST /upload/presign': ({ body }) => {
        presigns += 1;
        return presigns === 1 ? fail(503, 'Storage is unavailable') : presigned(body);
      },
    });
    FakeXhr.onSend = (xhr) => queueMicrotask(() => xhr.succeed());
    render(<HomePage />);
    pick(new File(['retry me'], 'retry.txt'));

    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Storage is unavailable');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Ready to share')).toBeInTheDocument();
    expect(presigns).toBe(2);
  });

  it('Upload Another during an upload keeps it running and starts the next one beside it', async () => {
    const api = mockApi(happyRoutes);
    render(<HomePage />);
    pick(new File(['abc'], 'a.txt'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Upload Another' }));
    expect(screen.getByLabelText(/drop a file here/i)).toBeInTheDocument();
    expect(screen.getAllByText('Upload Status')).toHaveLength(1);
    expect(FakeXhr.sent[0]?.aborted).toBe(false);

    pick(new File(['defg'], 'b.txt'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(screen.getAllByText('Upload Status')).toHaveLength(2);
    expect(screen.queryByLabelText(/drop a file here/i)).not.toBeInTheDocument();
    expect(FakeXhr.sent[0]?.aborted).toBe(false);
    expect(api.callsTo('POST /upload/abort')).toHaveLength(0);
  });

  it('Upload Another on a finished upload puts the pick area in its place', async () => {
    mockApi(happyRoutes);
    render(<HomePage />);
    pick(new File(['abc'], 'a.txt'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]?.succeed());
    expect(await screen.findByText('Ready to share')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Upload Another' }));
    expect(screen.getByLabelText(/drop a file here/i)).toBeInTheDocument();
    expect(screen.queryByText('Upload Status')).not.toBeInTheDocument();
  });
});
