/**
 * POST /api/reports: a visitor reports a link. The key goes in the body only when the reporter
 * chose to include it; otherwise the body has no `key` at all. Errors (a rate limit, a field the
 * server refuses, a link already removed) carry the server's message, which the dialog shows.
 */
import { reportResponseSchema } from '@sealdrop/core/api-report-schemas';
import type { ReportReason } from '@sealdrop/core/moderation';
import { apiRequest } from '../../../lib/api-client';

export interface ReportInput {
  code: string;
  reason: ReportReason;
  details: string;
  email: string;
  /** Only when the reporter ticked "Include the key…". */
  key: string | null;
}

/** Shown when the server gave no message of its own (a network failure, a proxy's page). */
export const REPORT_FAILED_MESSAGE = 'The report could not be sent. Please try again.';

export async function submitReport(input: ReportInput): Promise<void> {
  const details = input.details.trim();
  const email = input.email.trim();
  await apiRequest('/reports', {
    schema: reportResponseSchema,
    method: 'POST',
    body: {
      code: input.code,
      reason: input.reason,
      ...(details ? { details } : {}),
      ...(email ? { email } : {}),
      ...(input.key ? { key: input.key } : {}),
    },
  });
}
