import { shortLinkTargetSchema } from '@sealdrop/core/api-schemas';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { resolvePath, takeEarlyResolution } from './early-resolution';

/** The short-link page's fixed messages, word for word. */
export const SHORT_LINK_MESSAGES = {
  noCode: 'Invalid download link',
  badResponse: 'Invalid response from server',
  notFound: 'File not found or expired',
  failed: 'Failed to resolve download link',
} as const;

/** A failure whose message is ready to show to the user. */
export class ShortLinkError extends Error {
  override name = 'ShortLinkError';
}

// apiRequest's own fallback when the server sent no message: "GET /s/x failed: 404 …".
const GENERIC_API_MESSAGE = /^[A-Z]+ \S+ failed: \d+/;

function toUserMessage(error: unknown): string {
  if (error instanceof ShortLinkError) return error.message;
  // 410: a moderator or the malware scanner removed the file; the server says which.
  if (error instanceof ApiError && (error.status === 404 || error.status === 410)) {
    return error.message && !GENERIC_API_MESSAGE.test(error.message)
      ? error.message
      : SHORT_LINK_MESSAGES.notFound;
  }
  return SHORT_LINK_MESSAGES.failed;
}

/**
 * GET /api/s/:shortCode → the same-origin path of the download page (e.g. "/download/abc").
 * The caller adds the #fragment itself: it never goes to the server.
 */
export async function resolveShortLink(shortCode: string, signal?: AbortSignal): Promise<string> {
  try {
    if (!shortCode.trim()) throw new ShortLinkError(SHORT_LINK_MESSAGES.noCode);
    // Parsed here rather than by apiRequest: an answer without a target has a message of its own.
    // The page's first script may have asked already (early-resolution.ts): its answer is used.
    const early = takeEarlyResolution(shortCode) ?? undefined;
    const answer = shortLinkTargetSchema.safeParse(
      await apiRequest(resolvePath(shortCode), { signal, answer: early }),
    );
    if (!answer.success) throw new ShortLinkError(SHORT_LINK_MESSAGES.badResponse);
    return toAppPath(answer.data.downloadUrl);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ShortLinkError(toUserMessage(error));
  }
}

/**
 * Same-origin absolute URLs become paths for the router. Anything pointing elsewhere is refused:
 * following it would hand the key in the fragment to another site.
 */
function toAppPath(url: string): string {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ShortLinkError(SHORT_LINK_MESSAGES.badResponse);
  }
  if (parsed.origin !== window.location.origin) {
    throw new ShortLinkError(SHORT_LINK_MESSAGES.badResponse);
  }
  return parsed.pathname + parsed.search;
}
