/**
 * A passphrase-protected link, the recipient's side: a link whose fragment holds a passphrase-wrapped key asks
 * for the passphrase, says "Wrong passphrase." and lets them try again, and with the right one
 * downloads and decrypts as usual. The passphrase goes into no request.
 */
import { importKey } from '@sealdrop/core/crypto/key-material';
import { sealMetadata, singleFileRecord } from '@sealdrop/core/crypto/metadata-record';
import { buildProtectedFragment, protectSecrets } from '@sealdrop/core/crypto/passphrase';
import { encryptBytes } from '@sealdrop/core/crypto/record-cipher';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { blobEnvironment, readBlob } from '../testing/blob-saving';
import { renderDownloadPage } from '../testing/render-download-page';

const FILE_ID = 'AbCdEfGh1234';
const RAW_KEY = Uint8Array.from({ length: 32 }, (_, i) => 0x40 + i);
const IV = Uint8Array.from({ length: 12 }, (_, i) => 0x10 + i);
const PASSPHRASE = 'tangerine submarine';
const PLAINTEXT = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31 + 7) & 0xff);
const PROMPT = 'This file is protected. Enter the passphrase to decrypt it.';
const INVALID = 'Invalid file link. The link may be incomplete or the file has expired.';

const protectedFragment = async () =>
  `#${buildProtectedFragment(await protectSecrets({ rawKey: RAW_KEY, iv: IV }, PASSPHRASE))}`;

const info = (overrides: Record<string, unknown> = {}) => ({
  fileId: FILE_ID,
  originalName: 'secret.bin',
  size: PLAINTEXT.length,
  contentType: 'application/octet-stream',
  isEncrypted: true,
  expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  ...overrides,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function mockServer(fileInfo: object, ciphertext?: Uint8Array) {
  const calls: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, init });
      if (url === `/api/files/${FILE_ID}/info`)
        return json(200, { status: 'success', data: fileInfo });
      if (url === `/api/files/${FILE_ID}/download` && ciphertext) {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(ciphertext);
            controller.close();
          },
        });
        return new Response(body, { status: 200 });
      }
      return json(404, { status: 'error', message: 'Not found' });
    }),
  );
  return calls;
}

function renderAt(path: string) {
  const { environment, saved, finishSaving } = blobEnvironment();
  finishSaving();
  renderDownloadPage(path, environment);
  return saved;
}

describe('DownloadPage with a passphrase-protected link', () => {
  // Three PBKDF2 runs of 600,000 iterations (link, wrong, right) take a few seconds here.
  it('asks for the passphrase, refuses a wrong one, and decrypts with the right one', {
    timeout: 20_000,
  }, async () => {
    const sealed = await encryptBytes(await importKey(RAW_KEY), IV, PLAINTEXT);
    const calls = mockServer(info(), sealed);
    const saved = renderAt(`/download/${FILE_ID}${await protectedFragment()}`);

    expect(await screen.findByText(PROMPT)).toBeVisible();
    const field = screen.getByLabelText('Passphrase');
    expect(field).toHaveAttribute('type', 'password');
    await vi.waitFor(() => expect(field).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Download & Decrypt File' })).toBeNull();

    await userEvent.type(field, 'tangerine submarin');
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Wrong passphrase.')).toBeVisible();
    expect(screen.getByText(PROMPT)).toBeVisible();

    await userEvent.clear(field);
    await userEvent.type(field, `${PASSPHRASE}{Enter}`);
    const download = await screen.findByRole('button', { name: 'Download & Decrypt File' });
    expect(screen.queryByText(PROMPT)).toBeNull();
    expect(screen.queryByText('Wrong passphrase.')).toBeNull();

    await userEvent.click(download);
    await screen.findByText('File decrypted and saved as secret.bin.', undefined, {
      timeout: 5000,
    });
    expect(saved).toHaveLength(1);
    expect(Buffer.from(await readBlob(saved[0]!.blob)).equals(PLAINTEXT)).toBe(true);
    for (const call of calls) {
      expect(`${call.url} ${String(call.init?.body ?? '')}`).not.toContain('tangerine');
    }
  });

  it('asks while the sender is still uploading, alongside the waiting text', async () => {
    mockServer(info({ status: 'uploading' }));
    renderAt(`/download/${FILE_ID}${await protectedFragment()}`);
    expect(await screen.findByText(PROMPT)).toBeVisible();
    expect(
      screen.getByText(
        'The sender is still uploading this file. The download will be ready in a moment.',
      ),
    ).toBeVisible();
    await userEvent.type(screen.getByLabelText('Passphrase'), `${PASSPHRASE}{Enter}`);
    await vi.waitFor(() => expect(screen.queryByText(PROMPT)).toBeNull());
    // Unlocked, it keeps waiting; the download appears once the upload is done.
    expect(screen.queryByRole('button', { name: 'Download & Decrypt File' })).toBeNull();
  });

  it('calls the file "Protected file" until it is unlocked, then by its sealed name', {
    timeout: 20_000,
  }, async () => {
    const encryptedMetadata = await sealMetadata(
      singleFileRecord({ name: 'holiday.jpg', size: PLAINTEXT.length, type: 'image/jpeg' }),
      RAW_KEY,
    );
    mockServer(info({ originalName: null, encryptedMetadata }));
    renderAt(`/download/${FILE_ID}${await protectedFragment()}`);
    expect(await screen.findByText(PROMPT)).toBeVisible();
    expect(screen.getByText('Protected file')).toBeVisible();
    expect(screen.queryByText('downloaded-file')).toBeNull();
    await userEvent.type(screen.getByLabelText('Passphrase'), `${PASSPHRASE}{Enter}`);
    expect(await screen.findByText('holiday.jpg', undefined, { timeout: 10_000 })).toBeVisible();
    expect(screen.queryByText('Protected file')).toBeNull();
  });

  it('calls a protected link with a mangled salt invalid', async () => {
    mockServer(info());
    const fragment = (await protectedFragment()).replace(/salt=[^&]+/, 'salt=abc');
    renderAt(`/download/${FILE_ID}${fragment}`);
    expect(await screen.findByText(INVALID)).toBeVisible();
    expect(screen.queryByText(PROMPT)).toBeNull();
  });
});
