import { buildFragment } from '@sealdrop/core/crypto/fragment';
import { importKey } from '@sealdrop/core/crypto/key-material';
import { sealMetadata, singleFileRecord } from '@sealdrop/core/crypto/metadata-record';
import { encryptBytes } from '@sealdrop/core/crypto/record-cipher';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { blobEnvironment, readBlob } from '../testing/blob-saving';
import { renderDownloadPage } from '../testing/render-download-page';

const FILE_ID = 'AbCdEfGh1234';
const RAW_KEY = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const IV = Uint8Array.from({ length: 12 }, (_, i) => 0xb0 + i);
const FRAGMENT = `#${buildFragment({ rawKey: RAW_KEY, iv: IV })}`;
// Several 64 KiB records, so decryption really runs record by record.
const PLAINTEXT = Uint8Array.from({ length: 200_000 }, (_, i) => (i * 13 + 5) & 0xff);

function fileInfo(overrides: Record<string, unknown> = {}) {
  return {
    fileId: FILE_ID,
    originalName: 'report.pdf',
    size: PLAINTEXT.length,
    contentType: 'application/pdf',
    isEncrypted: true,
    expiresAt: new Date(Date.now() + (3 * 60 + 20) * 60_000).toISOString(),
    ...overrides,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type ServerOptions = { tokenConfigured?: boolean; reward?: Response };

/**
 * fetch answering info with `info` (or 404), the download with `body`, and the configuration
 * with a token configured (rewards paid) unless `tokenConfigured` is false; the reward report
 * with `reward`, or nothing earned.
 */
function mockServer(
  info: object | null,
  body?: ReadableStream<Uint8Array>,
  length?: number,
  { tokenConfigured = true, reward }: ServerOptions = {},
) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    if (url === '/api/config') return json(200, { status: 'success', data: { tokenConfigured } });
    if (url === '/api/solana/reward-file-download') {
      return reward ?? json(200, { status: 'success', data: { reward: 0 } });
    }
    if (url === `/api/files/${FILE_ID}/info`) {
      return info
        ? json(200, { status: 'success', data: info })
        : json(404, { status: 'error', message: 'File not found or has expired.' });
    }
    if (url === `/api/files/${FILE_ID}/download` && body) {
      const headers: Record<string, string> = { 'Content-Type': 'application/octet-stream' };
      if (length !== undefined) headers['Content-Length'] = String(length);
      return new Response(body, { status: 200, headers });
    }
    return json(404, { status: 'error', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** A body the test feeds step by step, as a slow network would. */
function controlledBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    stream,
    push: (bytes: Uint8Array) => controller.enqueue(bytes),
    end: () => controller.close(),
    /** The connection drops: fetch bodies fail with a TypeError. */
    fail: (error: Error) => controller.error(error),
  };
}

async function ciphertext() {
  return encryptBytes(await importKey(RAW_KEY), IV, PLAINTEXT);
}

/**
 * The page of the test link for `info`, whose download answers the whole sealed file at once and
 * whose save finishes as soon as it is asked: for what happens around a download that succeeds.
 */
async function renderWithWholeDownload(info: object, server: ServerOptions = {}) {
  const body = controlledBody();
  body.push(await ciphertext());
  body.end();
  const calls = mockServer(info, body.stream, undefined, server);
  const { environment, saved, finishSaving } = blobEnvironment();
  finishSaving();
  renderDownloadPage(`/download/${FILE_ID}${FRAGMENT}`, environment);
  return { calls, saved };
}

/** Clicks Download & Decrypt and waits until the page says the file was saved as `name`. */
async function downloadAndSave(name = 'report.pdf') {
  await userEvent.click(await screen.findByRole('button', { name: 'Download & Decrypt File' }));
  await screen.findByText(`File decrypted and saved as ${name}.`, undefined, { timeout: 3000 });
}

beforeEach(() => {
  vi.unstubAllGlobals();
});
const INVALID = 'Invalid file link. The link may be incomplete or the file has expired.';

describe('DownloadPage', () => {
  it('calls a link without a file id invalid, without asking the server', async () => {
    const calls = mockServer(fileInfo());
    renderDownloadPage('/download');
    expect(await screen.findByText(INVALID)).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('calls a link to an encrypted file without its key invalid', async () => {
    mockServer(fileInfo());
    renderDownloadPage(`/download/${FILE_ID}`);
    expect(await screen.findByText(INVALID)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Download & Decrypt File' })).toBeNull();
  });

  it('calls a link with a mangled key invalid', async () => {
    mockServer(fileInfo());
    renderDownloadPage(`/download/${FILE_ID}#key=abc&iv=def`);
    expect(await screen.findByText(INVALID)).toBeVisible();
  });

  it('says so when the file is unknown or expired', async () => {
    mockServer(null);
    renderDownloadPage(`/download/${FILE_ID}${FRAGMENT}`);
    expect(await screen.findByText('File not found or has expired.')).toBeVisible();
  });

  it("shows name, size, expiry and when the file is deleted, from the file's own expiry", async () => {
    mockServer(fileInfo({ size: 1536 }));
    renderDownloadPage(`/download/${FILE_ID}${FRAGMENT}`);
    expect(await screen.findByText('report.pdf')).toBeVisible();
    expect(screen.getByText('1.5 KB')).toBeVisible();
    expect(screen.getByText('Expires in 3 hours')).toBeVisible();
    expect(screen.getByText('This file will be deleted automatically in 3 hours.')).toBeVisible();
    expect(screen.queryByText(/24 hours/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Download & Decrypt File' })).toBeEnabled();
  });

  it('says when a 30-day file will be deleted, not "after 24 hours"', async () => {
    const expiresAt = new Date(Date.now() + 29 * 24 * 3600_000);
    mockServer(fileInfo({ expiresAt: expiresAt.toISOString() }));
    renderDownloadPage(`/download/${FILE_ID}${FRAGMENT}`);
    expect(
      await screen.findByText(
        `This file will be deleted automatically on ${expiresAt.toLocaleString()}.`,
      ),
    ).toBeVisible();
    expect(screen.queryByText(/after 24 hours/)).toBeNull();
  });

  it('offers an unencrypted file as a plain download that needs no key', async () => {
    const calls = mockServer(fileInfo({ isEncrypted: false }));
    renderDownloadPage(`/download/${FILE_ID}`);
    const link = await screen.findByRole('link', { name: 'Download File' });
    expect(link).toHaveAttribute('href', `/api/files/${FILE_ID}/download`);
    expect(screen.queryByText(INVALID)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download & Decrypt File' })).toBeNull();
    expect(calls.map((c) => c.url).sort()).toEqual(['/api/config', `/api/files/${FILE_ID}/info`]);
  });

  it('reports a plain download for the reward once the browser has asked for it', {
    timeout: 10_000,
  }, async () => {
    const calls = mockServer(fileInfo({ isEncrypted: false }));
    renderDownloadPage(`/download/${FILE_ID}`);
    const link = await screen.findByRole('link', { name: 'Download File' });
    await vi.waitFor(() => expect(calls.some((c) => c.url === '/api/config')).toBe(true));
    // jsdom cannot follow the download; the click handler is what matters here.
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    await userEvent.click(link);
    expect(calls.some((c) => c.url === '/api/solana/reward-file-download')).toBe(false);
    await vi.waitFor(
      () =>
        expect(calls.filter((c) => c.url === '/api/solana/reward-file-download')).toHaveLength(1),
      { timeout: 5000 },
    );
  });

  it('shows the percent, then decrypting, then saves the decrypted file under its name', async () => {
    const sealed = await ciphertext();
    const body = controlledBody();
    const calls = mockServer(fileInfo(), body.stream, sealed.length);
    const { environment, saved, finishSaving } = blobEnvironment();
    renderDownloadPage(`/download/${FILE_ID}${FRAGMENT}`, environment);

    await userEvent.click(await screen.findByRole('button', { name: 'Download & Decrypt File' }));
    body.push(sealed.slice(0, 100_000));
    expect(await screen.findByText(/^Downloading… (4[0-9]|50)%$/)).toBeVisible();
    body.push(sealed.slice(100_000));
    body.end();
    expect(await screen.findByText('Decrypting file in your browser...')).toBeVisible();
    expect(saved).toHaveLength(0);
    finishSaving();
    expect(await screen.findByText('File decrypted and saved as report.pdf.')).toBeVisible();

    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('report.pdf');
    const bytes = await readBlob(saved[0]!.blob);
    expect(Buffer.from(bytes).equals(PLAINTEXT)).toBe(true);
    // The key stays in the page: not in any URL, and no Referer is sent with the download.
    const fragmentValue = FRAGMENT.slice(1);
    for (const call of calls) expect(call.url).not.toContain(fragmentValue.slice(4, 20));
    const download = calls.find((c) => c.url.endsWith('/download'));
    expect(download?.init?.referrerPolicy).toBe('no-referrer');
    // Completed: the page reports it for the uploader's reward.
    await vi.waitFor(() =>
      expect(calls.some((c) => c.url === '/api/solana/reward-file-download')).toBe(true),
    );
    const report = calls.find((c) => c.url === '/api/solana/reward-file-download');
    expect(JSON.parse(String(report?.init?.body))).toEqual({
      fileId: FILE_ID,
      uploaderWallet: null,
      downloaderWallet: null,
    });
  });

  it('shows "Decrypting file in your browser..." for a readable moment even when it is instant', async () => {
    await renderWithWholeDownload(fileInfo());
    await userEvent.click(await screen.findByRole('button', { name: 'Download & Decrypt File' }));
    const decrypting = await screen.findByText('Decrypting file in your browser...');
    const shownAt = performance.now();
    expect(decrypting).toBeVisible();
    await screen.findByText('File decrypted and saved as report.pdf.', undefined, {
      timeout: 3000,
    });
    expect(performance.now() - shownAt).toBeGreaterThanOrEqual(400);
  });

  it('shows the downloads a limited link has left, and says when a saved download is done', async () => {
    const { calls } = await renderWithWholeDownload(fileInfo({ downloadsLeft: 5 }));
    expect(await screen.findByText('5 downloads left')).toBeVisible();
    await downloadAndSave();
    // The last allowed download's object is deleted at once on this word.
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.url === `/api/files/${FILE_ID}/downloaded`)).toHaveLength(1),
    );
    const finished = calls.find((c) => c.url.endsWith('/downloaded'));
    expect(finished?.init?.method).toBe('POST');
    expect(finished?.init?.body).toBeUndefined();
  });

  it('shows no limit for an unlimited link and does not report the download finished', async () => {
    const { calls } = await renderWithWholeDownload(fileInfo({ downloadsLeft: null }));
    await downloadAndSave();
    expect(screen.queryByText(/downloads left/)).toBeNull();
    await vi.waitFor(() =>
      expect(calls.some((c) => c.url === '/api/solana/reward-file-download')).toBe(true),
    );
    expect(calls.some((c) => c.url.endsWith('/downloaded'))).toBe(false);
  });

  it('falls back to "downloaded-file" when the file has no name', async () => {
    const { saved } = await renderWithWholeDownload(fileInfo({ originalName: '' }));
    await downloadAndSave('downloaded-file');
    expect(saved[0]!.name).toBe('downloaded-file');
  });

  it('never shows the recipient a failed reward report: it is only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { calls } = await renderWithWholeDownload(fileInfo(), {
      reward: json(500, { status: 'error', message: 'Internal server error' }),
    });
    await downloadAndSave();
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(calls.filter((c) => c.url === '/api/solana/reward-file-download')).toHaveLength(1);
    expect(screen.queryByText('Failed to process download reward')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    warn.mockRestore();
  });

  it('asks for no download reward where the server has no token configured', async () => {
    const { calls } = await renderWithWholeDownload(fileInfo(), { tokenConfigured: false });
    await vi.waitFor(() => expect(calls.some((c) => c.url === '/api/config')).toBe(true));
    await downloadAndSave();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((c) => c.url === '/api/solana/reward-file-download')).toBe(false);
    expect(screen.queryByText('Failed to process download reward')).toBeNull();
  });

  it('says "1 download left", in the singular, for a link with one download left', async () => {
    mockServer(fileInfo({ downloadsLeft: 1 }));
    renderDownloadPage(`/download/${FILE_ID}${FRAGMENT}`);
    expect(await screen.findByText('1 download left')).toBeVisible();
    expect(screen.queryByText(/downloads left/)).toBeNull();
  });

  it('opens a sealed name and type with the link key: shown, and the saved file has it', async () => {
    const name = 'Quartalsbericht Ω 2026.pdf';
    const encryptedMetadata = await sealMetadata(
      singleFileRecord({ name, size: PLAINTEXT.length, type: 'application/pdf' }),
      RAW_KEY,
    );
    const { saved } = await renderWithWholeDownload(
      fileInfo({ originalName: null, contentType: 'application/octet-stream', encryptedMetadata }),
    );
    expect(await screen.findByText(name)).toBeVisible();
    await downloadAndSave(name);
    expect(saved[0]!.name).toBe(name);
  });

  it('says at once that the key is wrong when the sealed name does not open with it', async () => {
    const otherKey = Uint8Array.from({ length: 32 }, (_, i) => 200 - i);
    const encryptedMetadata = await sealMetadata(
      singleFileRecord({ name: 'secret.txt', size: 1, type: 'text/plain' }),
      otherKey,
    );
    const calls = mockServer(fileInfo({ originalName: null, encryptedMetadata }));
    renderDownloadPage(`/download/${FILE_ID}${FRAGMENT}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The key in the link does not open this file. Check that the whole link was copied.',
    );
    expect(screen.queryByRole('button', { name: 'Download & Decrypt File' })).toBeNull();
    expect(screen.queryByText('secret.txt')).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/download'))).toBe(false);
  });

  it('reports a truncated download and saves nothing', async () => {
    const sealed = await ciphertext();
    const body = controlledBody();
    // The stored object itself is short: its Content-Length agrees, so there is nothing to resume.
    mockServer(fileInfo(), body.stream, sealed.length - 1000);
    const { environment, saved, finishSaving } = blobEnvironment();
    finishSaving();
    renderDownloadPage(`/download/${FILE_ID}${FRAGMENT}`, environment);

    await userEvent.click(await screen.findByRole('button', { name: 'Download & Decrypt File' }));
    body.push(sealed.slice(0, sealed.length - 1000));
    body.end();

    expect(await screen.findByText('Error downloading or decrypting the file.')).toBeVisible();
    expect(screen.getByText(/incomplete or has been tampered with/)).toBeVisible();
    expect(screen.queryByText(/File decrypted and saved/)).toBeNull();
    expect(saved).toHaveLength(0);
  });

  it('says "Connection lost. Resuming…" when the connection drops, and saves identical bytes', async () => {
    const sealed = await ciphertext();
    const cutAt = 100_000;
    const first = controlledBody();
    const ranges: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/info')) return json(200, { status: 'success', data: fileInfo() });
      if (!url.endsWith('/download')) return json(404, { status: 'error', message: 'Not found' });
      const range = new Headers(init?.headers).get('Range');
      if (!range) {
        return new Response(first.stream, {
          headers: { 'Content-Length': String(sealed.length) },
        });
      }
      ranges.push(range);
      const from = Number(/^bytes=(\d+)-$/.exec(range)?.[1]);
      return new Response(sealed.slice(from), {
        status: 206,
        headers: { 'Content-Range': `bytes ${from}-${sealed.length - 1}/${sealed.length}` },
      });
    });
    const { environment, saved, finishSaving } = blobEnvironment();
    finishSaving();
    renderDownloadPage(`/download/${FILE_ID}${FRAGMENT}`, environment);

    await userEvent.click(await screen.findByRole('button', { name: 'Download & Decrypt File' }));
    first.push(sealed.slice(0, cutAt));
    first.fail(new TypeError('network error'));
    expect(await screen.findByText('Connection lost. Resuming…')).toBeVisible();
    // After the first backoff (up to 625 ms with jitter) and the decryption's minimum display time.
    expect(
      await screen.findByText('File decrypted and saved as report.pdf.', {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(ranges).toEqual([`bytes=${cutAt}-`]);
    expect(Buffer.from(await readBlob(saved[0]!.blob)).equals(PLAINTEXT)).toBe(true);
  });

  it('reports a tampered byte and saves nothing', async () => {
    const sealed = await ciphertext();
    sealed[sealed.length - 20]! ^= 1;
    const body = controlledBody();
    mockServer(fileInfo(), body.stream);
    const { environment, saved, finishSaving } = blobEnvironment();
    finishSaving();
    renderDownloadPage(`/download/${FILE_ID}${FRAGMENT}`, environment);
    await userEvent.click(await screen.findByRole('button', { name: 'Download & Decrypt File' }));
    body.push(sealed);
    body.end();
    expect(await screen.findByText('Error downloading or decrypting the file.')).toBeVisible();
    expect(saved).toHaveLength(0);
  });

  it('refuses a wrong key before any download or save dialog starts', async () => {
    const sealed = await ciphertext();
    const body = controlledBody();
    mockServer(fileInfo(), body.stream);
    const { environment } = blobEnvironment();
    const open = vi.spyOn(environment, 'open');
    const wrongKey = `#${buildFragment({ rawKey: new Uint8Array(32), iv: IV })}`;
    renderDownloadPage(`/download/${FILE_ID}${wrongKey}`, environment);
    await userEvent.click(await screen.findByRole('button', { name: 'Download & Decrypt File' }));
    body.push(sealed);
    body.end();
    expect(await screen.findByText('Error downloading or decrypting the file.')).toBeVisible();
    expect(screen.getByText(/The key in the link does not open this file/)).toBeVisible();
    expect(open).not.toHaveBeenCalled();
  });

  it('says the file is gone when it expired between loading the page and downloading', async () => {
    mockServer(fileInfo());
    const { environment } = blobEnvironment();
    renderDownloadPage(`/download/${FILE_ID}${FRAGMENT}`, environment);
    await userEvent.click(await screen.findByRole('button', { name: 'Download & Decrypt File' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('File not found or has expired.');
  });
});
