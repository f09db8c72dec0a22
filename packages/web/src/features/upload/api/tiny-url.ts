/** Instant short links: reserved before the upload, completed after it. */
import { tinyInstantResponseSchema } from '@sealdrop/core/api-schemas';
import { apiRequest } from '../../../lib/api-client';

/** `originalName` is null for an encrypted upload: its name never leaves the browser. */
export function createInstantTinyUrl(originalName: string | null, signal?: AbortSignal) {
  return apiRequest('/tiny/instant', {
    schema: tinyInstantResponseSchema,
    method: 'POST',
    body: originalName === null ? {} : { originalName },
    signal,
  });
}

/** A reserved code and the secret that proves this browser reserved it (kept in memory and the resume record only). */
export interface ShortLinkReservation {
  shortCode: string;
  completeToken: string;
}

export async function completeTinyUrl(
  reservation: ShortLinkReservation,
  /** originalName only for a plain upload (an encrypted one's name never leaves the browser). */
  body: { fileId: string; storageKey: string; originalName?: string },
): Promise<void> {
  await apiRequest(`/tiny/complete/${encodeURIComponent(reservation.shortCode)}`, {
    method: 'PUT',
    body: { ...body, completeToken: reservation.completeToken },
  });
}
