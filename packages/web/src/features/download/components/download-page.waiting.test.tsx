/**
 * A link opened while its file uploads shows a waiting state, polls no faster than every 2 s, and
 * becomes the download by itself; it says when the sender's upload has paused, and that the link
 * will not work when the upload is cancelled or swept while the page waits.
 */
import { buildFragment } from '@sealdrop/core/crypto/fragment';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { uploadWaitDelay } from '../api/file-info';
import { renderDownloadPage } from '../testing/render-download-page';

const FILE_ID = 'AbCdEfGh1234';
const FRAGMENT = `#${buildFragment({ rawKey: new Uint8Array(32).fill(1), iv: new Uint8Array(12) })}`;
const WAITING = 'The sender is still uploading this file. The download will be ready in a moment.';
const SCANNING = 'This file is being checked for malware. The download will be ready in a moment.';

const PAUSED = 'The upload has paused. It will continue when the sender is back online.';
const DID_NOT_FINISH = 'This link will not work: the upload did not finish.';

const info = (status: 'uploading' | 'scanning' | 'ready', isEncrypted = true, stalled = false) => ({
  fileId: FILE_ID,
  originalName: 'holiday.mov',
  size: 3 * 1024 * 1024,
  contentType: 'application/octet-stream',
  isEncrypted,
  expiresAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
  status,
  ...(status === 'uploading' ? { progress: 1024, stalled } : {}),
});

const NOT_FOUND = { status: 404, message: 'File not found or has expired.' };
const REMOVED = { status: 410, message: 'This file was removed because it contains malware.' };
const UNFINISHED = { status: 410, message: DID_NOT_FINISH };

/** The server's answers to /info, in order; the last one repeats. Other requests: 404. */
function serveInfo(answers: Array<object | typeof NOT_FOUND>) {
  const times: number[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (!String(input).endsWith('/info')) return new Response('', { status: 404 });
      times.push(Date.now());
      const answer = answers[Math.min(times.length - 1, answers.length - 1)];
      const refusal = [NOT_FOUND, REMOVED, UNFINISHED].find((error) => error === answer);
      return refusal
        ? new Response(JSON.stringify({ status: 'error', message: refusal.message }), {
            status: refusal.status,
            headers: { 'Content-Type': 'application/json' },
          })
        : new Response(JSON.stringify({ status: 'success', data: answer }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          });
    }),
  );
  return times;
}

const renderPage = () => renderDownloadPage(`/download/${FILE_ID}${FRAGMENT}`);

// Real time: the page's own backoff (2 s, then 3 s) runs as it does in a browser.
const slow = { timeout: 15_000 };

describe('a link opened while the file is still uploading', () => {
  it('backs off from 2 s to at most 15 s between requests', () => {
    expect([1, 2, 3, 4, 10].map(uploadWaitDelay)).toEqual([2000, 3000, 4500, 6750, 15000]);
  });

  it(
    'shows the name, size and the waiting text, then the download once the upload finished',
    slow,
    async () => {
      const times = serveInfo([info('uploading'), info('uploading'), info('ready')]);
      renderPage();
      expect(await screen.findByText(WAITING)).toBeVisible();
      expect(screen.getByRole('status')).toHaveTextContent(WAITING);
      expect(screen.getByText('holiday.mov')).toBeInTheDocument();
      expect(screen.getByText('3 MB')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Download & Decrypt File' })).toBeNull();

      const button = await screen.findByRole(
        'button',
        { name: 'Download & Decrypt File' },
        { timeout: 8000 },
      );
      expect(button).toBeVisible();
      expect(screen.queryByText(WAITING)).toBeNull();
      expect(times).toHaveLength(3);
      for (let i = 1; i < times.length; i += 1) {
        expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(1990);
      }
      // Ready: no more polling.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(times).toHaveLength(3);
    },
  );

  it('stops waiting and says the link will not work when the upload is aborted', slow, async () => {
    const times = serveInfo([info('uploading'), UNFINISHED]);
    renderPage();
    expect(await screen.findByText(WAITING)).toBeInTheDocument();
    expect(await screen.findByText(DID_NOT_FINISH, undefined, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByText('File not found or has expired.')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(times).toHaveLength(2);
  });

  it(
    'says the upload has paused while the sender makes no progress, and waits on',
    slow,
    async () => {
      serveInfo([info('uploading'), info('uploading', true, true), info('uploading')]);
      renderPage();
      expect(await screen.findByText(WAITING)).toBeVisible();
      expect(await screen.findByText(PAUSED, undefined, { timeout: 5000 })).toBeVisible();
      expect(screen.getByRole('status')).toHaveTextContent(PAUSED);
      expect(await screen.findByText(WAITING, undefined, { timeout: 6000 })).toBeVisible();
    },
  );

  it(
    'waits while an unencrypted file is checked for malware, then says it was removed',
    slow,
    async () => {
      const times = serveInfo([info('scanning', false), REMOVED]);
      renderDownloadPage(`/download/${FILE_ID}`);
      expect(await screen.findByText(SCANNING)).toBeVisible();
      expect(screen.queryByRole('link', { name: 'Download File' })).toBeNull();
      expect(await screen.findByText(REMOVED.message, undefined, { timeout: 5000 })).toBeVisible();
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(times).toHaveLength(2);
    },
  );

  it('turns into the plain download once the check found nothing', slow, async () => {
    serveInfo([info('scanning', false), info('ready', false)]);
    renderDownloadPage(`/download/${FILE_ID}`);
    expect(await screen.findByText(SCANNING)).toBeVisible();
    expect(
      await screen.findByRole('link', { name: 'Download File' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.queryByText(SCANNING)).toBeNull();
  });
});
