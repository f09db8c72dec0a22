/**
 * The download page shows the report link the app hands it wherever the file exists: under the
 * card when it is ready, while the sender still uploads, behind a passphrase, and when the link
 * lost its key. It hands over the key only when the file is open on the page with it.
 */
import { buildFragment } from '@sealdrop/core/crypto/fragment';
import { buildProtectedFragment, protectSecrets } from '@sealdrop/core/crypto/passphrase';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ReportSlotProps } from '../../../lib/reports';
import { renderDownloadPage } from '../testing/render-download-page';

const FILE_ID = 'AbCdEfGh1234';
const SECRETS = {
  rawKey: Uint8Array.from({ length: 32 }, (_, i) => i + 7),
  iv: Uint8Array.from({ length: 12 }, (_, i) => i + 3),
};
const KEY = buildFragment(SECRETS);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function serveInfo(reply: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => reply.clone()),
  );
}

const info = (overrides: Record<string, unknown> = {}) =>
  json(200, {
    status: 'success',
    data: {
      fileId: FILE_ID,
      originalName: 'notes.txt',
      size: 1234,
      contentType: 'text/plain',
      isEncrypted: true,
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      ...overrides,
    },
  });

const stubReport = ({ code, fileKey }: ReportSlotProps) => (
  <p data-testid="report">
    {code} {fileKey ?? 'no key'}
  </p>
);

async function reportSlot() {
  return (await screen.findByTestId('report')).textContent;
}

describe('the report link on the download page', () => {
  it('sits under a ready file with the key the link opened it with', async () => {
    serveInfo(info());
    renderDownloadPage(`/download/${FILE_ID}#${KEY}`, null, stubReport);
    await screen.findByRole('button', { name: 'Download & Decrypt File' });
    expect(await reportSlot()).toBe(`${FILE_ID} ${KEY}`);
  });

  it('is there while the sender still uploads', async () => {
    serveInfo(info({ status: 'uploading' }));
    renderDownloadPage(`/download/${FILE_ID}#${KEY}`, null, stubReport);
    await screen.findByText(/The sender is still uploading this file/);
    expect(await reportSlot()).toBe(`${FILE_ID} ${KEY}`);
  });

  it('is there behind a passphrase, with no key until the passphrase opens one', async () => {
    serveInfo(info());
    const wrapped = buildProtectedFragment(await protectSecrets(SECRETS, 'tangerine submarine'));
    renderDownloadPage(`/download/${FILE_ID}#${wrapped}`, null, stubReport);
    await userEvent.type(await screen.findByLabelText('Passphrase'), 'tangerine submarine');
    expect(await reportSlot()).toBe(`${FILE_ID} no key`);
    await userEvent.keyboard('{Enter}');
    // Unlocked, the page holds the file's own key: the one a moderator would need.
    await vi.waitFor(async () => expect(await reportSlot()).toBe(`${FILE_ID} ${KEY}`), {
      timeout: 15_000,
    });
  }, 30_000);

  it('is there when the link lost its key, and for a plain file, without a key', async () => {
    serveInfo(info());
    const { unmount } = renderDownloadPage(`/download/${FILE_ID}`, null, stubReport);
    await screen.findByText(/Invalid file link/);
    expect(await reportSlot()).toBe(`${FILE_ID} no key`);
    unmount();

    serveInfo(info({ isEncrypted: false }));
    renderDownloadPage(`/download/${FILE_ID}#${KEY}`, null, stubReport);
    await screen.findByRole('link', { name: /Download File/ });
    expect(await reportSlot()).toBe(`${FILE_ID} no key`);
  });

  it('is not offered for a file that does not exist', async () => {
    serveInfo(json(404, { status: 'error', message: 'File not found or has expired.' }));
    renderDownloadPage(`/download/${FILE_ID}#${KEY}`, null, stubReport);
    await screen.findByText('File not found or has expired.');
    expect(screen.queryByTestId('report')).not.toBeInTheDocument();
  });

  it('says why a removed file is gone, in the server\'s words, not "File not found"', async () => {
    for (const message of [
      'This file was removed for violating the terms of use.',
      'This file was removed because it contains malware.',
    ]) {
      serveInfo(json(410, { status: 'error', message }));
      const { unmount } = renderDownloadPage(`/download/${FILE_ID}#${KEY}`, null, stubReport);
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.queryByText(/not found/i)).not.toBeInTheDocument();
      expect(screen.queryByTestId('report')).not.toBeInTheDocument();
      unmount();
    }
  });
});
