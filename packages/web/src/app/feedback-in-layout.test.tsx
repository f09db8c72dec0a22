import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, expect, it, vi } from 'vitest';
import { RootLayout } from '../components/layout/root-layout';
import { renderFeedbackDialog } from '../features/feedback/components/render-feedback-dialog';
import { feedbackEntry } from '../features/feedback/testing/feedback-entry';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ status: 'success', data: { feedback: feedbackEntry() } }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
});
it('opens from the floating Feedback button, thanks, closes after 2 s and returns focus', async () => {
  const router = createMemoryRouter(
    [
      {
        element: (
          <RootLayout
            walletSlot={null}
            renderAuthDialog={() => null}
            renderFeedbackDialog={renderFeedbackDialog}
          />
        ),
        children: [{ path: '/about', element: <main>About content</main> }],
      },
    ],
    { initialEntries: ['/about'] },
  );
  render(<RouterProvider router={router} />);
  const user = userEvent.setup();
  const button = screen.getByRole('button', { name: 'Send feedback' });
  await user.click(button);
  // The dialog's script comes when it first opens.
  expect(await screen.findByRole('dialog', { name: 'Share your feedback' })).toBeInTheDocument();

  await user.type(screen.getByLabelText('Message'), 'Please support folders as well.');
  vi.useFakeTimers();
  fireEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
  await act(() => vi.advanceTimersByTimeAsync(0));
  expect(screen.getByText('Thank you for your feedback!')).toBeInTheDocument();
  act(() => vi.advanceTimersByTime(2000));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(button).toHaveFocus();

  vi.useRealTimers();
  await user.click(button);
  expect(screen.getByLabelText('Message')).toHaveValue('');
});
