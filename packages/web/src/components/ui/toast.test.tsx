import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toast } from './toast';

beforeEach(() => vi.useFakeTimers());
describe('Toast', () => {
  it('announces its message as a status and closes itself after its duration', () => {
    const onClose = vi.fn();
    render(<Toast open message="Link copied" tone="success" duration={1600} onClose={onClose} />);
    expect(screen.getByRole('status')).toHaveTextContent('Link copied');
    act(() => vi.advanceTimersByTime(1599));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('renders nothing while closed', () => {
    render(<Toast open={false} message="Link copied" />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
