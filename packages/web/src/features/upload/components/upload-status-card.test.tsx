import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadStatusCard } from './upload-status-card';

const LINK = 'https://sealdrop.test/s/Abc123XYZ0#key=k&iv=i';

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

beforeEach(() => stubClipboard(vi.fn(async () => {})));
afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

describe('UploadStatusCard texts', () => {
  it.each([
    ['error', 'Upload failed', 'Something went wrong. You can retry the upload.'],
    ['ready', 'Ready to share', 'Your file is ready. Copy or share the link anywhere.'],
    ['processing', 'Processing…', 'Encrypting & finalizing your upload…'],
    ['uploading', 'Uploading…', 'Sending your file securely…'],
  ] as const)('shows the %s status as "%s" / "%s"', (status, title, description) => {
    render(<UploadStatusCard status={status} fileName="a.txt" fileSize={10} finalUrl={LINK} />);
    expect(screen.getByRole('heading', { name: 'Upload Status' })).toBeInTheDocument();
    expect(screen.getByText(title)).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
  });

  it("writes out a right-to-left override in the sender's own file name, never obeying it", () => {
    render(<UploadStatusCard status="uploading" fileName={'invoice\u202Efdp.exe'} fileSize={10} />);
    expect(screen.getByText('invoice[U+202E]fdp.exe')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('\u202E');
  });

  it('tells that the link is usable while uploading, and live once ready', () => {
    const { rerender } = render(<UploadStatusCard status="uploading" finalUrl={LINK} />);
    expect(
      screen.getByText(
        'This is an instant, pre-signed link. Safe to copy or share now while the file uploads.',
      ),
    ).toBeInTheDocument();
    rerender(<UploadStatusCard status="ready" finalUrl={LINK} />);
    expect(
      screen.getByText("This is your instant link. It's live and ready to share."),
    ).toBeInTheDocument();
  });

  it('shows the file name with a human size', () => {
    render(<UploadStatusCard status="uploading" fileName="report.pdf" fileSize={1_572_864} />);
    expect(screen.getByText('report.pdf')).toBeInTheDocument();
    expect(screen.getByText('1.5 MB')).toBeInTheDocument();
  });

  it('offers Retry only on error and Upload Another always', () => {
    const onRetry = vi.fn();
    const onUploadAnother = vi.fn();
    const { rerender } = render(
      <UploadStatusCard status="uploading" onRetry={onRetry} onUploadAnother={onUploadAnother} />,
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Upload Another' }));
    expect(onUploadAnother).toHaveBeenCalledOnce();

    rerender(
      <UploadStatusCard
        status="error"
        errorMessage="Upload failed. Please try again."
        onRetry={onRetry}
        onUploadAnother={onUploadAnother}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.getByRole('alert')).toHaveTextContent('Upload failed. Please try again.');
    expect(screen.getByRole('button', { name: 'Upload Another' })).toBeInTheDocument();
  });
});

describe('UploadStatusCard link', () => {
  it('is a read-only field that selects the whole link on focus', () => {
    render(<UploadStatusCard status="ready" finalUrl={LINK} />);
    const field = screen.getByLabelText('Share link') as HTMLInputElement;
    expect(field).toHaveValue(LINK);
    expect(field).toHaveAttribute('readonly');
    act(() => field.focus());
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe(LINK.length);
  });

  it('copies: "Copied" and a "Link copied" toast for 1.6 s', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(async () => {});
    stubClipboard(writeText);
    render(<UploadStatusCard status="ready" finalUrl={LINK} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Link copied');

    act(() => vi.advanceTimersByTime(1599));
    expect(screen.getByText('Link copied')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Link copied')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('still confirms when the clipboard write fails', async () => {
    stubClipboard(vi.fn(async () => Promise.reject(new Error('denied'))));
    render(<UploadStatusCard status="ready" finalUrl={LINK} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    // The refusal settles a few promise turns after the click.
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByText('Link copied')).toBeInTheDocument();
  });

  it('shares to WhatsApp, Telegram and Email in a new tab', () => {
    render(<UploadStatusCard status="ready" finalUrl={LINK} />);
    const encoded = encodeURIComponent(LINK);
    const expected = {
      WhatsApp: `https://wa.me/?text=${encoded}`,
      Telegram: `https://t.me/share/url?url=${encoded}`,
      Email: `mailto:?subject=File%20Link&body=${encoded}`,
    };
    for (const [name, href] of Object.entries(expected)) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('offers the native share sheet only where the device has one, and gives it the url', async () => {
    const { unmount } = render(<UploadStatusCard status="ready" finalUrl={LINK} />);
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    unmount();

    const share = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    render(<UploadStatusCard status="ready" finalUrl={LINK} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Share' })));
    expect(share).toHaveBeenCalledWith({ url: LINK });
  });
});

describe('UploadStatusCard progress', () => {
  it.each([
    [42.4, 42],
    [150, 100],
    [-3, 0],
    [Number.NaN, 0],
    ['70' as unknown as number, 0],
  ])('clamps progress %s to %s', (progress, shown) => {
    render(<UploadStatusCard status="uploading" progress={progress} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(shown));
    expect(screen.getByText(`${shown}%`)).toBeInTheDocument();
  });

  it('shows speed in MB/s and time left while uploading', () => {
    const { rerender } = render(
      <UploadStatusCard
        status="uploading"
        progress={{ percent: 40, speed: 2.5 * 1_048_576, eta: 12.2 }}
      />,
    );
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    // The fill slides in by a transform (composited), not by animating its width (layout and
    // paint on every frame of a whole upload): 40 % shown = the full-width fill moved 60 % left.
    expect((bar.firstElementChild as HTMLElement).style.transform).toBe('translateX(-60%)');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('');
    expect(screen.getByText('2.5 MB/s')).toBeInTheDocument();
    expect(screen.getByText('13 s remaining')).toBeInTheDocument();

    rerender(
      <UploadStatusCard status="processing" progress={{ percent: 100, speed: 1, eta: 0 }} />,
    );
    expect(screen.queryByText(/MB\/s/)).not.toBeInTheDocument();
    expect(screen.queryByText(/remaining/)).not.toBeInTheDocument();
  });

  it('shows a full bar once ready', () => {
    render(<UploadStatusCard status="ready" progress={80} finalUrl={LINK} />);
    const card = screen.getByRole('region', { name: 'Upload Status' });
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });
});
