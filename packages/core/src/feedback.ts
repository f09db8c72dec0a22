/**
 * Feedback rules, shared so the form and the API refuse the same input with
 * the same words. The schema trims the message, turns an empty email into null and defaults the
 * type, so what passes is exactly what gets stored.
 */
import { z } from 'zod/mini';
import { SIMPLE_EMAIL_PATTERN } from './email';

export const FEEDBACK_TYPES = ['bug', 'suggestion', 'other'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const FEEDBACK_MESSAGE_MIN_LENGTH = 10;
export const FEEDBACK_MESSAGE_MAX_LENGTH = 5000;
const EMAIL_MAX_LENGTH = 254;

/** The product's fixed texts word for word, plus readable ones for the limits it leaves open. */
export const FEEDBACK_ERRORS = {
  messageRequired: 'Feedback message is required',
  messageTooShort: 'Please provide more detailed feedback (at least 10 characters)',
  messageTooLong: `Feedback message must be at most ${FEEDBACK_MESSAGE_MAX_LENGTH} characters`,
  invalidEmail: 'Please enter a valid email address',
  invalidType: 'Feedback type must be bug, suggestion or other',
} as const;

// Keys in the order the form checks them: the first issue is the one a caller reports.
export const feedbackInputSchema = z.object({
  message: z
    .string({ error: FEEDBACK_ERRORS.messageRequired })
    .check(
      z.trim(),
      z.minLength(1, FEEDBACK_ERRORS.messageRequired),
      z.minLength(FEEDBACK_MESSAGE_MIN_LENGTH, FEEDBACK_ERRORS.messageTooShort),
      z.maxLength(FEEDBACK_MESSAGE_MAX_LENGTH, FEEDBACK_ERRORS.messageTooLong),
    ),
  email: z
    .pipe(
      z.nullish(z.string({ error: FEEDBACK_ERRORS.invalidEmail }).check(z.trim())),
      z.transform((email: string | null | undefined) => email || null),
    )
    .check(
      z.refine(
        (email) =>
          email === null || (email.length <= EMAIL_MAX_LENGTH && SIMPLE_EMAIL_PATTERN.test(email)),
        FEEDBACK_ERRORS.invalidEmail,
      ),
    ),
  // A client that sends no type still gets its words stored; a wrong type is refused.
  type: z._default(z.enum(FEEDBACK_TYPES, { error: FEEDBACK_ERRORS.invalidType }), 'other'),
});

/** What the form or a client sends. */
export type FeedbackInput = z.input<typeof feedbackInputSchema>;
/** What passes: trimmed message, email or null, a known type. */
export type ValidFeedback = z.output<typeof feedbackInputSchema>;

export type FeedbackField = 'type' | 'message' | 'email';
export type FeedbackFieldErrors = Partial<Record<FeedbackField, string>>;

export type FeedbackCheck =
  | { ok: true; value: ValidFeedback }
  | { ok: false; errors: FeedbackFieldErrors; firstError: string };

/** Checks feedback: the cleaned value, or the first message per field and the first overall. */
export function checkFeedback(input: unknown): FeedbackCheck {
  const result = feedbackInputSchema.safeParse(input ?? {});
  if (result.success) return { ok: true, value: result.data };
  const errors: FeedbackFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (field === 'type' || field === 'message' || field === 'email')
      errors[field] ??= issue.message;
  }
  const first = result.error.issues[0];
  const firstError =
    first && first.path.length > 0 ? first.message : 'Feedback must be a JSON object';
  return { ok: false, errors, firstError };
}

/** Feedback as the API returns it. */
export const feedbackEntrySchema = z.object({
  id: z.string(),
  type: z.enum(FEEDBACK_TYPES),
  message: z.string(),
  email: z.nullable(z.string()),
  /** The account that sent it; null for anonymous feedback. */
  userId: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FeedbackEntry = z.infer<typeof feedbackEntrySchema>;

/** POST /feedback's answer. */
export const feedbackResponseSchema = z.object({ feedback: feedbackEntrySchema });

export interface FeedbackStats {
  total: number;
  byType: Record<FeedbackType, number>;
  last7Days: number;
  last30Days: number;
}
