import { quotaExceededMessage, STORAGE_FULL_MESSAGE } from '@sealdrop/core/moderation';
import { createError } from '../../shared/errors';

export const storageFull = () =>
  createError({ code: 'uploads.storage_full', status: 507, message: STORAGE_FULL_MESSAGE });

/**
 * 429 with the limit and the time it resets in the message (shown as is on the upload card), and
 * the same moment in the Retry-After header (seconds) for clients that wait by themselves.
 */
export const quotaExceeded = (
  limit: { bytes: number } | { uploads: number },
  resetsAt: number,
  now: number,
) =>
  createError({
    code: 'uploads.quota_exceeded',
    status: 429,
    message: quotaExceededMessage(limit, new Date(resetsAt)),
    headers: { 'retry-after': String(Math.max(1, Math.ceil((resetsAt - now) / 1000))) },
  });
