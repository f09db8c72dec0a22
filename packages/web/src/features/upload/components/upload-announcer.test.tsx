import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { announcement } from './upload-announcer';
import { UploadStatusView } from './upload-status-view';

describe('upload announcements', () => {
  it('speaks at milestones only: started, each quarter, ready, failed', () => {
    const said = [0, 3, 24, 25, 49, 50, 74, 75, 99].map((p) => announcement('uploading', p));
    expect(new Set(said)).toEqual(
      new Set(['Transfer started.', 'A quarter sent.', 'Half sent.', 'Three quarters sent.']),
    );
    expect(announcement('ready', 100)).toBe('Transfer complete. The link now works.');
    expect(announcement('error', 0)).toBe('The transfer stopped. You can try it again.');
  });

  it('lives in a polite region of the status card', () => {
    const { rerender } = render(<UploadStatusView status="uploading" progress={60} />);
    const region = screen.getByText('Half sent.');
    expect(region).toHaveAttribute('aria-live', 'polite');
    rerender(<UploadStatusView status="ready" progress={100} />);
    expect(region).toHaveTextContent('Transfer complete.');
  });
});
