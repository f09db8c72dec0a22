/**
 * GET /api/files/:fileId/download, following the 302 to the signed storage URL, as a stream; a
 * byte range of it when resuming or fetching one file of a link. Each request gets a freshly signed URL, so a resume
 * never meets an expired one. No Authorization header: the redirect may go to S3, which refuses a
 * second auth scheme and would need a CORS preflight for it. The fragment is never part of the URL.
 * A simple `bytes=N-` Range is CORS-safelisted, so resuming needs no preflight either.
 */
import { envelopeMessage } from '@sealdrop/core/client/envelope';
import { API_BASE, ApiError } from '../../../lib/api-client';
import {
  DOWNLOAD_TIMEOUT_MESSAGE,
  DownloadError,
  GENERAL_ERROR_MESSAGE,
} from '../lib/download-errors';
import { DOWNLOAD_TIMEOUT_MS } from './file-info';

export async function requestCiphertext(
  fileId: string,
  /** A Range header value (resuming, or one file of a link); null for the whole object. */
  range: string | null,
  signal: AbortSignal,
): Promise<Response> {
  // The timeout covers the wait for the response headers only: a large file takes longer to stream.
  const headersTimeout = new AbortController();
  const timer = setTimeout(() => headersTimeout.abort(), DOWNLOAD_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/files/${encodeURIComponent(fileId)}/download`, {
      signal: AbortSignal.any([signal, headersTimeout.signal]),
      headers: range ? { Range: range } : {},
      referrerPolicy: 'no-referrer',
      // Gigabytes of ciphertext have no business in the HTTP cache.
      cache: 'no-store',
    });
  } catch (error) {
    if (headersTimeout.signal.aborted && !signal.aborted) {
      throw new DownloadError(DOWNLOAD_TIMEOUT_MESSAGE);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return response;
}

/** What the page shows for an answer that is no ciphertext: the server's envelope message. */
export async function refusalError(response: Response): Promise<Error> {
  if (response.ok) return new Error('The download response has no body');
  return new ApiError((await envelopeMessage(response)) ?? GENERAL_ERROR_MESSAGE, response.status);
}
