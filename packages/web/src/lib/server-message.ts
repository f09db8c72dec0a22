import { ApiError } from './api-client';

// The API client's own description of a failure without an envelope message ("POST /x failed: 502 …").
const CLIENT_GENERATED = /^(GET|POST|PUT|DELETE) \S+ failed: \d+/;

/**
 * The message the server put in its error envelope, or null when there was none (network
 * failure, timeout, a proxy's HTML page): the page shows the server's message, else a fallback.
 */
export function serverMessageOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const message = error.message.trim();
  return message && !CLIENT_GENERATED.test(message) ? message : null;
}
