// zod's own words for the rules core's schemas leave unworded: the 400s below quote them.
import '@sealdrop/core/zod-messages';
import { z } from 'zod/mini';
import { createError } from './errors';

/**
 * Parses request input; a failure becomes a 400 whose message names the field and the rule. Takes
 * core's zod/mini schemas and the server's own classic ones alike (both are zod core schemas).
 */
export function parseInput<T extends z.core.$ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = z.safeParse(schema, input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  const message = issue ? `${field}${readable(issue)}` : 'Invalid request';
  throw createError({ code: 'request.invalid', status: 400, message });
}

function readable(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'is required';
  return issue.message;
}
