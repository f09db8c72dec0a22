import type { FeedbackEntry } from '@sealdrop/core/feedback';

/** What POST /feedback answers with, for tests that stand in for the server. */
export function feedbackEntry(overrides: Partial<FeedbackEntry> = {}): FeedbackEntry {
  return {
    id: 'f1',
    type: 'other',
    message: 'Please support folders as well.',
    email: null,
    userId: null,
    createdAt: '2026-11-22T00:00:00Z',
    updatedAt: '2026-11-22T00:00:00Z',
    ...overrides,
  };
}
