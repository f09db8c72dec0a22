import type { FeedbackEntry } from '@sealdrop/core/feedback';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { feedbackEntry } from '../testing/feedback-entry';
import { FeedbackDialog } from './feedback-dialog';

const MESSAGE = 'The copy button does nothing on Safari.';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch whose answer the test releases when it wants, to observe the submitting state. */
function deferredFetch() {
  let release!: (response: Response) => void;
  const fetchMock = vi.fn(
    (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Promise<Response>((resolve) => {
        release = resolve;
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, release: (response: Response) => release(response) };
}

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const saved = (fields: Partial<FeedbackEntry> = {}) =>
  json(200, { status: 'success', data: { feedback: feedbackEntry(fields) } });

function renderDialog() {
  const onClose = vi.fn();
  render(<FeedbackDialog open onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
}

const submitButton = () => screen.getByRole('button', { name: 'Submit Feedback' });

beforeEach(() => localStorage.clear());
describe('FeedbackDialog form', () => {
  it('renders nothing while closed', () => {
    render(<FeedbackDialog open={false} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers a labelled type select, message and optional email, starting on the type', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Share your feedback' });
    const type = within(dialog).getByLabelText('Type');
    expect(type).toHaveFocus();
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Bug', 'Suggestion', 'Other']);
    expect(within(dialog).getByLabelText('Message').tagName).toBe('TEXTAREA');
    expect(within(dialog).getByLabelText('Email (optional)')).toHaveAttribute('type', 'email');
  });

  it('says the message is required and focuses it, without sending anything', async () => {
    const fetchMock = stubFetch(() => saved({}));
    const { user } = renderDialog();
    await user.click(submitButton());
    expect(screen.getByText('Feedback message is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveFocus();
    expect(screen.getByLabelText('Message')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(
      'Feedback message is required',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for more detail when the message is under 10 characters after trimming', async () => {
    const fetchMock = stubFetch(() => saved({}));
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Message'), '   too short   ');
    await user.click(submitButton());
    expect(
      screen.getByText('Please provide more detailed feedback (at least 10 characters)'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an invalid email and clears the message once the email is fixed', async () => {
    stubFetch(() => saved({}));
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Message'), MESSAGE);
    const email = screen.getByLabelText('Email (optional)');
    await user.type(email, 'ada@example');
    await user.click(submitButton());
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(email).toHaveFocus();
    await user.type(email, '.com');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
  });

  it('keeps quiet about a half-typed message until the first submit', async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Message'), 'short');
    expect(screen.queryByText(/Please provide more detailed feedback/)).not.toBeInTheDocument();
  });

  it('closes on Escape and on Cancel', async () => {
    const { onClose, user } = renderDialog();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('FeedbackDialog sending', () => {
  it('sends type, trimmed message and email, shows "Sending…" on a disabled button meanwhile', async () => {
    const { fetchMock, release } = deferredFetch();
    const { user } = renderDialog();
    await user.selectOptions(screen.getByLabelText('Type'), 'Suggestion');
    await user.type(screen.getByLabelText('Message'), `  ${MESSAGE}  `);
    await user.type(screen.getByLabelText('Email (optional)'), 'ada@example.com');
    await user.click(submitButton());

    const sending = screen.getByRole('button', { name: 'Sending…' });
    expect(sending).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/feedback');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      type: 'suggestion',
      message: MESSAGE,
      email: 'ada@example.com',
    });
    release(saved({ type: 'suggestion', message: MESSAGE }));
    expect(await screen.findByText('Thank you for your feedback!')).toBeInTheDocument();
  });

  it('leaves out an empty email and sends the bearer token of a signed-in user', async () => {
    localStorage.setItem('authToken', 'tok-123');
    const fetchMock = stubFetch(() => saved({}));
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Message'), MESSAGE);
    await user.click(submitButton());
    await screen.findByText('Thank you for your feedback!');
    const init = fetchMock.mock.calls[0]![1]!;
    expect(JSON.parse(String(init.body))).toEqual({ type: 'bug', message: MESSAGE });
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok-123');
  });

  it('shows the thank-you panel and closes itself exactly 2 s later', async () => {
    stubFetch(() => saved({}));
    const { onClose, user } = renderDialog();
    await user.type(screen.getByLabelText('Message'), MESSAGE);
    vi.useFakeTimers();
    fireEvent.click(submitButton());
    await act(() => vi.advanceTimersByTimeAsync(0));
    const thanks = screen.getByRole('status');
    expect(thanks).toHaveTextContent('Thank you for your feedback!');
    expect(thanks).toHaveFocus();
    act(() => vi.advanceTimersByTime(1999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says "Failed to submit feedback. Please try again." on failure and keeps what was typed', async () => {
    const fetchMock = stubFetch(() =>
      json(500, { status: 'error', message: 'Internal server error' }),
    );
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Message'), MESSAGE);
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to submit feedback. Please try again.',
    );
    expect(screen.getByLabelText('Message')).toHaveValue(MESSAGE);
    expect(submitButton()).toBeEnabled();

    fetchMock.mockImplementation(async () => saved({}));
    await user.click(submitButton());
    expect(await screen.findByText('Thank you for your feedback!')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reports a network failure the same way', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Message'), MESSAGE);
    await user.click(submitButton());
    expect(
      await screen.findByText('Failed to submit feedback. Please try again.'),
    ).toBeInTheDocument();
  });
});
