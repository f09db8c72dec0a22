/** Request shapes of the feedback API. The feedback rules themselves live in @sealdrop/core. */
import {
  checkFeedback,
  type FeedbackInput,
  feedbackInputSchema,
  type ValidFeedback,
} from '@sealdrop/core/feedback';
import { z } from 'zod/mini';
import { invalidFeedback } from './feedback.errors';

export { limitQuerySchema as feedbackListQuerySchema } from '@sealdrop/core/api-auth-schemas';

export const feedbackIdParamsSchema = z.object({
  id: z
    .string()
    .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(100, 'is not a feedback id')),
});

/** A PUT's body as the API reference describes it: any of the fields, each as POST checks it. */
export const feedbackChangesSchema = z.partial(feedbackInputSchema);

const NOT_AN_OBJECT = 'Feedback must be a JSON object';

/**
 * Validates new feedback. The 400 carries the product's fixed message alone (no field prefix as parseInput
 * adds), because the form shows the same words.
 */
export function parseFeedback(body: unknown): ValidFeedback {
  const result = checkFeedback(body);
  if (!result.ok) throw invalidFeedback(result.firstError);
  return result.value;
}

/** The fields a PUT sends; absent ones keep their stored value. */
export function parseFeedbackChanges(body: unknown): Partial<FeedbackInput> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidFeedback(NOT_AN_OBJECT);
  }
  const { type, message, email } = body as Record<string, unknown>;
  const changes: Record<string, unknown> = {};
  if (type !== undefined) changes.type = type;
  if (message !== undefined) changes.message = message;
  // Present-but-empty email clears it, so only a missing key keeps the stored one.
  if ('email' in body) changes.email = email;
  return changes as Partial<FeedbackInput>;
}
