/** The upload calls (README "The API by hand"). Presign and finalize carry no secrets: never the fragment. */
import type { FinalizeResponse, PartUrl, PresignRequest } from '@sealdrop/core/api-schemas';
import {
  finalizeResponseSchema,
  heartbeatResponseSchema,
  partsResponseSchema,
  presignResponseSchema,
} from '@sealdrop/core/api-schemas';
import { askWhileWaiting } from '@sealdrop/core/upload-wait';
import { apiRequest } from '../../../lib/api-client';
import { isPageLeaving } from '../../../lib/page-leaving';

export const FINALIZE_TARGET_MESSAGE = 'finalize requires objectKey or slug';

export interface CompletedPart {
  partNumber: number;
  etag: string;
}

export function presignUpload(body: PresignRequest, signal?: AbortSignal) {
  return apiRequest('/upload/presign', {
    schema: presignResponseSchema,
    method: 'POST',
    body,
    signal,
  });
}

export async function requestPartUrls(
  body: { objectKey: string; uploadId: string; partNumbers: number[] },
  signal?: AbortSignal,
): Promise<PartUrl[]> {
  const data = await apiRequest('/upload/parts', {
    schema: partsResponseSchema,
    method: 'POST',
    body,
    signal,
  });
  return data.parts;
}

export function finalizeUpload(
  body: { objectKey?: string; slug?: string; parts?: CompletedPart[] },
  signal?: AbortSignal,
) {
  if (!body.objectKey && !body.slug) {
    return Promise.reject(new Error(FINALIZE_TARGET_MESSAGE));
  }
  return apiRequest('/upload/finalize', {
    schema: finalizeResponseSchema,
    method: 'POST',
    body,
    signal,
  });
}

/**
 * Finalize, then, while the server's malware scanner checks a plain upload (`scanning`), ask again
 * (finalize is idempotent) as a waiting recipient does, until the file is ready. A file the scanner
 * blocked ends in finalize's 410: "This file was blocked: it contains malware (…)."
 */
export function finalizeAndWait(
  body: { objectKey: string; slug?: string; parts?: CompletedPart[] },
  signal?: AbortSignal,
): Promise<FinalizeResponse> {
  return askWhileWaiting(
    () => finalizeUpload(body, signal),
    (result) => result.status === 'scanning',
    { signal },
  );
}

/** The running upload's heartbeat: how many plaintext bytes are sent (a waiting recipient sees it). */
export function sendHeartbeat(body: { objectKey: string; sentBytes: number }) {
  return apiRequest('/upload/heartbeat', { schema: heartbeatResponseSchema, method: 'POST', body });
}

/** Tells the server to drop a half-sent upload; it must not reuse the caller's (aborted) signal. */
export async function abortUpload(body: { objectKey: string; uploadId?: string }): Promise<void> {
  await apiRequest('/upload/abort', { method: 'POST', body });
}

/**
 * Storage keeps half-sent multipart uploads (and bills for them) until told otherwise. Not while
 * the page is unloading: that upload stays resumable after a reload (the sweeper drops it later).
 */
export function abortQuietly(body: { objectKey: string; uploadId?: string }): void {
  if (isPageLeaving()) return;
  abortUpload(body).catch((failure: unknown) =>
    console.warn('Could not abort the upload on the server', failure),
  );
}
