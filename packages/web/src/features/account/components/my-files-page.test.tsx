import type { MyFile } from '@sealdrop/core/api-auth-schemas';
import { buildFragment } from '@sealdrop/core/crypto/fragment';
import { sealMetadata, singleFileRecord } from '@sealdrop/core/crypto/metadata-record';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberFileKey } from '../../../lib/file-keys';
import { renderAuthDialogStub } from '../../../testing/auth-dialog-stub';
import { fail, type MockCall, mockApi, ok } from '../../../testing/mock-api';
import { renderWithSession, testUser } from '../../../testing/render-with-session';
import { MyFilesPage } from './my-files-page';

const HOUR = 3_600_000;

function file(id: string, overrides: Partial<MyFile> = {}): MyFile {
  return {
    fileId: id,
    originalName: `${id}.pdf`,
    size: 1536,
    isEncrypted: true,
    status: 'ready',
    createdAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 5 * HOUR + 60_000).toISOString(),
    shortUrl: `http://localhost/s/${id}`,
    ...overrides,
  };
}

function listOf(items: MyFile[], page = 1, total = items.length) {
  return ok({ items, page, limit: 10, total });
}

function signedIn(routes: Parameters<typeof mockApi>[0], path = '/account/files') {
  localStorage.setItem('authToken', 'tok');
  const api = mockApi({ 'GET /auth/me': ok({ user: testUser() }), ...routes });
  const view = renderWithSession(<MyFilesPage renderAuthDialog={renderAuthDialogStub} />, { path });
  return { api, ...view };
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

describe('My files', () => {
  it('asks a signed-out visitor to log in, and opens the login dialog it is handed', async () => {
    const api = mockApi({});
    renderWithSession(<MyFilesPage renderAuthDialog={renderAuthDialogStub} />);
    expect(screen.getByRole('heading', { name: 'My files' })).toBeInTheDocument();
    expect(screen.getByText('Log in to see your files.')).toBeInTheDocument();
    expect(screen.queryByText(/auth dialog/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log in to continue' }));
    expect(screen.getByText('auth dialog: login')).toBeInTheDocument();
    expect(api.callsTo('GET /files/my-files')).toHaveLength(0);
  });

  it('lists name, size, expiry and status of each file', async () => {
    const { api } = signedIn({
      'GET /files/my-files': listOf([file('report'), file('draft', { status: 'pending' })]),
    });
    const row = (await screen.findByText('report.pdf')).closest('tr')!;
    expect(within(row).getByText('1.5 KB')).toBeInTheDocument();
    expect(within(row).getByText('Expires in 5 hours')).toBeInTheDocument();
    expect(within(row).getByText('Ready')).toBeInTheDocument();
    const draft = screen.getByText('draft.pdf').closest('tr')!;
    expect(within(draft).getByText('Uploading')).toBeInTheDocument();
    const call = api.callsTo('GET /files/my-files')[0]!;
    expect(call.url.search).toBe('?page=1&limit=10');
    expect(call.authorization).toBe('Bearer tok');
  });

  it('names encrypted files from the keys this browser remembers, else "Encrypted file"', async () => {
    const rawKey = Uint8Array.from({ length: 32 }, (_, i) => i + 7);
    const iv = Uint8Array.from({ length: 12 }, (_, i) => i);
    const sealedFor = (name: string) =>
      sealMetadata(singleFileRecord({ name, size: 1536, type: 'image/png' }), rawKey);
    rememberFileKey('known', buildFragment({ rawKey, iv }));
    signedIn({
      'GET /files/my-files': listOf([
        file('known', { originalName: null, encryptedMetadata: await sealedFor('Holiday 🌴.png') }),
        file('other', { originalName: null, encryptedMetadata: await sealedFor('Not here.png') }),
        file('older', { originalName: 'older.pdf', encryptedMetadata: null }),
      ]),
    });
    expect(await screen.findByText('Holiday 🌴.png')).toBeInTheDocument();
    expect(screen.getByText('Encrypted file')).toBeInTheDocument();
    expect(screen.queryByText('Not here.png')).toBeNull();
    expect(screen.getByText('older.pdf')).toBeInTheDocument();
  });

  it('copies the link with the key fragment when this browser knows it, a plain link as it is', async () => {
    const user = userEvent.setup();
    rememberFileKey('report', '#key=KKK&iv=III');
    signedIn({
      'GET /files/my-files': listOf([file('report'), file('plain', { isEncrypted: false })]),
    });
    await user.click(await screen.findByRole('button', { name: 'Copy link to report.pdf' }));
    expect(await navigator.clipboard.readText()).toBe('http://localhost/s/report#key=KKK&iv=III');
    expect(screen.getByText('Link copied')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy link to plain.pdf' }));
    expect(await navigator.clipboard.readText()).toBe('http://localhost/s/plain');
  });

  it('offers no copy of an encrypted link whose key is only in the browser that uploaded it', async () => {
    rememberFileKey('report', '#key=KKK&iv=III');
    signedIn({
      'GET /files/my-files': listOf([
        file('report'),
        file('elsewhere', { originalName: null, encryptedMetadata: 'c2VhbGVk' }),
      ]),
    });
    const row = (await screen.findByText('Encrypted file')).closest('tr')!;
    expect(
      within(row).getByText('The key for this link is only in the browser that uploaded it.'),
    ).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Copy link/ })).toBeNull();
    // Deleting it stays possible from here.
    expect(within(row).getByRole('button', { name: 'Delete Encrypted file' })).toBeEnabled();
    const known = screen.getByText('report.pdf').closest('tr')!;
    expect(within(known).getByRole('button', { name: 'Copy link to report.pdf' })).toBeEnabled();
    expect(within(known).queryByText(/only in the browser that uploaded it/)).toBeNull();
  });

  it('shows a long name whole in its title, however the row cuts it', async () => {
    const name = `${'Quarterly-Financial-Report-for-the-Board-of-Directors'}-Final-Version-2.pdf`;
    signedIn({ 'GET /files/my-files': listOf([file('long', { originalName: name })]) });
    expect(await screen.findByText(name)).toHaveAttribute('title', name);
  });

  it('shows an empty state when there are no files', async () => {
    signedIn({ 'GET /files/my-files': listOf([]) });
    expect(await screen.findByText(/You have no files yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload a file' })).toHaveAttribute('href', '/');
  });

  it('shows "Failed to fetch files" when the list cannot be loaded', async () => {
    signedIn({ 'GET /files/my-files': fail(500) });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fetch files')).toBeInTheDocument();
  });

  it('pages through the list', async () => {
    const items = Array.from({ length: 10 }, (_, i) => file(`f${i}`));
    const { api } = signedIn({
      'GET /files/my-files': (call: MockCall) =>
        call.url.searchParams.get('page') === '2'
          ? listOf([file('last')], 2, 11)
          : listOf(items, 1, 11),
    });
    await screen.findByText('f0.pdf');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('last.pdf')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(api.callsTo('GET /files/my-files').at(-1)?.url.search).toBe('?page=2&limit=10');
  });

  it('deletes a file after confirmation and reloads the list', async () => {
    let files = [file('report'), file('other')];
    const { api } = signedIn({
      'GET /files/my-files': () => listOf(files),
      'DELETE /files/report': () => {
        files = files.filter((f) => f.fileId !== 'report');
        return ok({});
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete report.pdf' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this file?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete file' }));
    await waitFor(() => expect(screen.queryByText('report.pdf')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('other.pdf')).toBeInTheDocument();
    expect(api.callsTo('DELETE /files/report')).toHaveLength(1);
  });

  it('keeps the file when the confirmation is cancelled', async () => {
    const { api } = signedIn({ 'GET /files/my-files': listOf([file('report')]) });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete report.pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('report.pdf')).toBeInTheDocument();
    expect(api.callsTo('DELETE /files/report')).toHaveLength(0);
  });

  it('shows "Failed to delete file" when the deletion fails', async () => {
    signedIn({
      'GET /files/my-files': listOf([file('report')]),
      'DELETE /files/report': fail(403, 'This file is not yours'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete report.pdf' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this file?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete file' }));
    expect(await within(dialog).findByText('Failed to delete file')).toBeInTheDocument();
    expect(within(dialog).getByText('This file is not yours')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('report.pdf')).toBeInTheDocument();
  });
});
