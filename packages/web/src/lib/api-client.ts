/**
 * The one way the web app talks to the API: same origin, core's JSON envelope (client/envelope,
 * README "The API by hand"). Errors carry
 * the HTTP status and the server's message; this module never touches the UI or the location.
 */
import { ApiError, readEnvelope } from '@sealdrop/core/client/envelope';

export { ApiError };
export const API_BASE = '/api';
export const AUTH_TOKEN_KEY = 'authToken';

/** Checks and types an answer's data: core's zod schemas fit (only `parse` is used). */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/** What the page says when an answer is not the shape its schema expects. */
export const UNEXPECTED_ANSWER = 'The server sent an answer this page cannot read.';

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * A read the server may name in the page's `Link` header (`rel=preload; as=fetch; crossorigin`,
   * server's page-data.ts): sent as the browser sends that preload, with no header of its own and
   * no session token, so that the browser hands over the answer it already has. Firefox asks
   * again when the request has an `Authorization` header the preload had not (Chromium matches
   * on the URL and the credentials mode). Only for GETs that need no session.
   */
  preloaded?: boolean;
  /** The answer, already asked for (a short link's early resolution): read instead of asking. */
  answer?: Promise<Response>;
}

/** Told of every 401 answered to a request that carried this bearer token. */
export type UnauthorizedListener = (token: string) => void;

const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Lets the session layer hear that the server refused a token, so that it can renew or end the
 * session; the client itself only reports. Returns the function that stops listening.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

function storedToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(AUTH_TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

/**
 * One API call. With a schema the data is parsed into its type (an answer of another shape fails as
 * an ApiError, like a refusal); without one it stays `unknown`, for calls whose answer is unused.
 */
export function apiRequest<T>(
  path: string,
  options: ApiRequestOptions & { schema: ResponseSchema<T> },
): Promise<T>;
export function apiRequest(path: string, options?: ApiRequestOptions): Promise<unknown>;
export async function apiRequest(
  path: string,
  options: ApiRequestOptions & { schema?: ResponseSchema<unknown> } = {},
): Promise<unknown> {
  const method = options.method ?? 'GET';
  const token = options.preloaded || options.answer ? null : storedToken();
  const response = await (options.answer ??
    fetch(`${API_BASE}${path}`, {
      method,
      headers: options.preloaded ? {} : headersFor(options.body, token),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: anyOf(
        options.signal,
        options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
      ),
      referrerPolicy: 'no-referrer',
    }));
  const text = await response.text();
  if (response.status === 401 && token) {
    for (const listener of unauthorizedListeners) listener(token);
  }
  const data = readEnvelope({ status: response.status, ok: response.ok, text }, { method, path });
  if (!options.schema) return data;
  try {
    return options.schema.parse(data);
  } catch {
    throw new ApiError(UNEXPECTED_ANSWER, response.status);
  }
}

/** A request's headers (a preloaded read sends none, to match the preload: see `preloaded`). */
function headersFor(body: unknown, token: string | null): Record<string, string> {
  return {
    Accept: 'application/json',
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

/** One signal for whichever of `signals` aborts first; undefined when there is none. */
function anyOf(...signals: (AbortSignal | undefined)[]): AbortSignal | undefined {
  const active = signals.filter((signal): signal is AbortSignal => Boolean(signal));
  return active.length ? AbortSignal.any(active) : undefined;
}
