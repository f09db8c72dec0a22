import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ShortLinkPage } from './short-link-page';

function DownloadProbe() {
  const location = useLocation();
  return <p>Download page {`${location.pathname}${location.hash}`}</p>;
}

function mockFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/s/:shortCode?', element: <ShortLinkPage /> },
      { path: '/download/:fileId', element: <DownloadProbe /> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('ShortLinkPage', () => {
  it('shows a spinner text while the link resolves', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderAt('/s/abc123XYZ0');
    expect(screen.getByText('Redirecting to your file...')).toBeInTheDocument();
  });

  it('replaces itself with the download page and keeps the key fragment', async () => {
    const fetchMock = mockFetch(200, {
      status: 'success',
      data: { fileId: 'f1', downloadUrl: '/download/f1' },
    });
    const router = renderAt('/s/abc123XYZ0#key=k3y&iv=1v');
    expect(await screen.findByText('Download page /download/f1#key=k3y&iv=1v')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(url).toBe('/api/s/abc123XYZ0');
  });

  it('says "Invalid download link" without a code', async () => {
    const fetchMock = mockFetch(200, {});
    renderAt('/s');
    expect(await screen.findByText('Invalid download link')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', '/');
  });

  it('says "Invalid response from server" when no downloadUrl comes back', async () => {
    mockFetch(200, { status: 'success', data: { fileId: 'f1' } });
    renderAt('/s/abc123XYZ0');
    expect(await screen.findByText('Invalid response from server')).toBeInTheDocument();
  });

  it('refuses a downloadUrl on another site, which would receive the key', async () => {
    mockFetch(200, { status: 'success', data: { downloadUrl: 'https://evil.example/x' } });
    renderAt('/s/abc123XYZ0#key=k3y&iv=1v');
    expect(await screen.findByText('Invalid response from server')).toBeInTheDocument();
  });

  it("shows the server's message for a 404", async () => {
    mockFetch(404, { status: 'error', message: 'This link has expired' });
    renderAt('/s/abc123XYZ0');
    expect(await screen.findByText('This link has expired')).toBeInTheDocument();
  });

  it("says why a removed file is gone (410), in the server's words", async () => {
    for (const message of [
      'This file was removed for violating the terms of use.',
      'This file was removed because it contains malware.',
    ]) {
      mockFetch(410, { status: 'error', message });
      const router = renderAt('/s/abc123XYZ0');
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(router.state.location.pathname).toBe('/s/abc123XYZ0');
      router.dispose();
      cleanup();
    }
  });

  it('falls back to "File not found or expired" for a 404 without a message', async () => {
    mockFetch(404, 'Not Found');
    renderAt('/s/abc123XYZ0');
    expect(await screen.findByText('File not found or expired')).toBeInTheDocument();
  });

  it('says "Failed to resolve download link" on any other failure', async () => {
    mockFetch(500, { status: 'error', message: 'Internal error' });
    renderAt('/s/abc123XYZ0');
    expect(await screen.findByText('Failed to resolve download link')).toBeInTheDocument();
  });

  it('says "Failed to resolve download link" when the network is down', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderAt('/s/abc123XYZ0');
    expect(await screen.findByText('Failed to resolve download link')).toBeInTheDocument();
  });
});
