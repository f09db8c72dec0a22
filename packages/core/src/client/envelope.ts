/**
 * The API's one answer shape, read the same way by the page and the command line: every JSON answer
 * is `{status: 'success', data}` or `{status: 'error', message}`. Anything else (an HTML error page
 * of a proxy, an empty body) becomes an ApiError with the HTTP status and a message that says so.
 */

/** A refused or failed API call: the HTTP status (0 = no answer) and the server's message. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

interface Envelope {
  status?: unknown;
  data?: unknown;
  message?: unknown;
}

/**
 * The `data` of a successful answer, or the ApiError of any other: the server's message when it
 * sent one, otherwise `{method} {path} failed: {status}` and the start of the body.
 */
export function readEnvelope(
  answer: { status: number; ok: boolean; text: string },
  request: { method: string; path: string },
): unknown {
  let payload: Envelope | undefined;
  try {
    payload = answer.text ? (JSON.parse(answer.text) as Envelope) : undefined;
  } catch {
    payload = undefined;
  }
  if (answer.ok && payload?.status === 'success') return payload.data;
  const message =
    typeof payload?.message === 'string'
      ? payload.message
      : `${request.method} ${request.path} failed: ${answer.status} ${answer.text.slice(0, 200)}`.trimEnd();
  throw new ApiError(message, answer.status);
}

/**
 * The server's message in a refused answer read whole (a download's, which is no JSON call), or
 * null: storage's own errors are XML or empty.
 */
export async function envelopeMessage(response: Response): Promise<string | null> {
  const payload = (await response.json().catch(() => null)) as Envelope | null;
  return typeof payload?.message === 'string' ? payload.message : null;
}
