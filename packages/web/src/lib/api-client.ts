/**
 * The one way the web app talks to the API: same origin, JSON envelope of README "The API by hand". Errors carry
 * the HTTP status and the server's message; this module never touches the UI or the location.
 */
export const API_BASE = '/api';
export const AUTH_TOKEN_KEY = 'authToken';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

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
  const signals = [
    options.signal,
    options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
  ];
  const active = signals.filter((s): s is AbortSignal => Boolean(s));
  const token = storedToken();
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: active.length ? AbortSignal.any(active) : undefined,
    referrerPolicy: 'no-referrer',
  });
  const text = await response.text();
  let payload: { status?: string; data?: unknown; message?: string } | undefined;
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    payload = undefined;
  }
  if (response.status === 401 && token) {
    for (const listener of unauthorizedListeners) listener(token);
  }
  if (!response.ok || payload?.status !== 'success') {
    const message =
      payload?.message ?? `${method} ${path} failed: ${response.status} ${text.slice(0, 200)}`;
    throw new ApiError(message, response.status);
  }
  if (!options.schema) return payload.data;
  try {
    return options.schema.parse(payload.data);
  } catch {
    throw new ApiError(UNEXPECTED_ANSWER, response.status);
  }
}
