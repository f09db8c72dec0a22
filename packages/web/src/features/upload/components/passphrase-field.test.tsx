/**
 * "Passphrase" on the home page. Premium users can set one and the link then
 * carries only the wrapped key (kept across Retry); others see it disabled with the premium text.
 * A weak one (the account-password meter) is refused, and the field says why.
 */
import '../testing/blob-polyfill';
import { parseFragment } from '@sealdrop/core/crypto/fragment';
import {
  parseProtectedFragment,
  unlockSecrets,
  WrongPassphraseError,
} from '@sealdrop/core/crypto/passphrase';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { recallFileKey } from '../../../lib/file-keys';
import { fail, mockApi } from '../../../testing/mock-api';
import { withSucceedingXhr } from '../testing/fake-xhr-per-test';
import { smallUploadRoutes } from '../testing/home-upload';
import { HomePage } from './home-page';

withSucceedingXhr();
const upload = () =>
  fireEvent.change(screen.getByLabelText(/drop a file here/i), {
    target: { files: [new File(['hello'], 'hello.txt')] },
  });

const shareLink = async () => {
  await screen.findByText('Ready to share');
  return (screen.getByLabelText('Share link') as HTMLInputElement).value;
};

describe('Passphrase', () => {
  it('is disabled for free users, with the premium text', () => {
    mockApi(smallUploadRoutes());
    render(<HomePage />);
    const field = screen.getByLabelText('Passphrase');
    expect(field).toBeDisabled();
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAccessibleDescription('Premium: protect links with a passphrase');
  });

  it('is a password field premium users can fill, without the premium text', async () => {
    mockApi(smallUploadRoutes());
    render(<HomePage isPremium />);
    const field = screen.getByLabelText('Passphrase');
    expect(field).toBeEnabled();
    await userEvent.type(field, 'open sesame');
    expect(field).toHaveValue('open sesame');
    expect(screen.queryByText('Premium: protect links with a passphrase')).toBeNull();
  });

  it('rates the passphrase with the password meter while it is typed, and says why', async () => {
    mockApi(smallUploadRoutes());
    render(<HomePage isPremium />);
    const field = screen.getByLabelText('Passphrase');
    expect(screen.queryByText(/Passphrase strength/)).toBeNull();
    await userEvent.type(field, 'sesame');
    expect(screen.getByText(/Passphrase strength/)).toHaveTextContent('Passphrase strength: weak');
    expect(screen.getByRole('list', { name: 'Passphrase requirements' })).toBeVisible();
    expect(field).toHaveAccessibleDescription(
      'Whoever gets the link can try passphrases on their own computer, as many as they like: a weak passphrase is not accepted.',
    );
    await userEvent.type(field, ' open 42');
    expect(screen.getByText(/Passphrase strength/)).toHaveTextContent(
      'Passphrase strength: strong',
    );
  });

  // Two PBKDF2 runs of 600,000 iterations (wrap, then unlock) on a shared machine.
  it('refuses files added with a weak passphrase, says why, and uploads nothing', {
    timeout: 30_000,
  }, async () => {
    const api = mockApi(smallUploadRoutes());
    render(<HomePage isPremium />);
    const field = screen.getByLabelText('Passphrase');
    await userEvent.type(field, 'sesame');
    upload();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'This passphrase is too weak. Use at least 8 characters of two kinds or more (capitals, small letters, numbers, symbols or spaces), then add your files again.',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toEqual([]);
    expect(screen.queryByText('Ready to share')).toBeNull();

    // A stronger one clears the refusal, and the files go.
    await userEvent.type(field, ' open 42');
    expect(screen.queryByRole('alert')).toBeNull();
    upload();
    const sealed = parseProtectedFragment(new URL(await shareLink()).hash);
    expect((await unlockSecrets(sealed!, 'sesame open 42')).rawKey).toHaveLength(32);
  });

  it('makes a link that holds the wrapped key and salt, never the bare key or the passphrase', async () => {
    const api = mockApi(smallUploadRoutes());
    render(<HomePage isPremium />);
    await userEvent.type(screen.getByLabelText('Passphrase'), 'open sesame');
    upload();
    const link = new URL(await shareLink());
    expect(
      screen.getByText(
        'This link opens only with the passphrase. Send the passphrase another way than the link.',
      ),
    ).toBeVisible();
    expect(link.pathname).toBe('/s/Short12345');
    expect(link.hash).not.toMatch(/[#&]key=/);
    expect(link.hash).not.toContain('sesame');
    const sealed = parseProtectedFragment(link.hash);
    expect(sealed).not.toBeNull();
    const secrets = await unlockSecrets(sealed!, 'open sesame');
    expect(secrets.rawKey).toHaveLength(32);
    await expect(unlockSecrets(sealed!, 'open sesam')).rejects.toBeInstanceOf(WrongPassphraseError);
    // My files in this browser copies the protected link, not a bare one.
    expect(recallFileKey('Short12345')).toBe(link.hash.slice(1));
    // Nothing of the passphrase went to the server.
    for (const call of api.calls) expect(JSON.stringify(call.body ?? '')).not.toContain('sesame');
  });

  it('protects the link again on Retry', async () => {
    let failOnce = true;
    const routes = smallUploadRoutes();
    mockApi({
      ...routes,
      'POST /upload/presign': () => {
        if (failOnce) {
          failOnce = false;
          return fail(400, 'Something went wrong');
        }
        return routes['POST /upload/presign']();
      },
    });
    render(<HomePage isPremium />);
    await userEvent.type(screen.getByLabelText('Passphrase'), 'open sesame');
    upload();
    await userEvent.click(await screen.findByRole('button', { name: /retry/i }));
    const sealed = parseProtectedFragment(new URL(await shareLink()).hash);
    expect(sealed).not.toBeNull();
    expect((await unlockSecrets(sealed!, 'open sesame')).rawKey).toHaveLength(32);
  });

  it('is off for an unencrypted upload, which has no key to protect', async () => {
    mockApi(smallUploadRoutes());
    render(<HomePage isPremium />);
    await userEvent.type(screen.getByLabelText('Passphrase'), 'open sesame');
    await userEvent.click(screen.getByLabelText('Encrypt in my browser'));
    expect(screen.getByLabelText('Passphrase')).toBeDisabled();
    upload();
    expect(new URL(await shareLink()).hash).toBe('');
  });

  it('leaves the link unprotected when premium users leave it empty', async () => {
    mockApi(smallUploadRoutes());
    render(<HomePage isPremium />);
    upload();
    const link = new URL(await shareLink());
    expect(parseFragment(link.hash)).not.toBeNull();
    expect(screen.queryByText(/opens only with the passphrase/)).toBeNull();
  });
});
