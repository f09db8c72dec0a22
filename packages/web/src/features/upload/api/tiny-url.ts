/** Instant short links (spec §7 "Short links"): reserved before the upload, completed after it. */
import type { TinyInstantResponse } from '@sealdrop/core/api-schemas';
import { apiRequest } from '../../../lib/api-client';

export function createInstantTinyUrl(originalName: string, signal?: AbortSignal) {
  return apiRequest<TinyInstantResponse>('/tiny/instant', {
    method: 'POST',
    body: { originalName },
    signal,
  });
}

export async function completeTinyUrl(
  shortCode: string,
  body: { fileId: string; storageKey: string; originalName: string },
): Promise<void> {
  await apiRequest<unknown>(`/tiny/complete/${encodeURIComponent(shortCode)}`, {
    method: 'PUT',
    body,
  });
}
