import type { FeedbackEntry, ValidFeedback } from '@sealdrop/core/feedback';
import { feedbackResponseSchema } from '@sealdrop/core/feedback';
import { apiRequest } from '../../../lib/api-client';

/** Fixed product text, word for word: shown for any failure, whatever the server said. */
export const FEEDBACK_FAILED_MESSAGE = 'Failed to submit feedback. Please try again.';

/**
 * POST /api/feedback. apiRequest adds the bearer token when someone is signed in, so their
 * feedback is linked to their account; guests send it anonymously.
 */
export async function submitFeedback(input: ValidFeedback): Promise<FeedbackEntry> {
  const body = { type: input.type, message: input.message, email: input.email ?? undefined };
  const data = await apiRequest('/feedback', {
    schema: feedbackResponseSchema,
    method: 'POST',
    body,
  });
  return data.feedback;
}
