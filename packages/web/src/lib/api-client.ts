/**
 * The one way the web app talks to the API: same origin, JSON envelope of DESIGN §3. Errors carry
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

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
}

function authHeader(): Record<string, string> {
  const token = globalThis.localStorage?.getItem(AUTH_TOKEN_KEY);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const signals = [
    options.signal,
    options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
  ];
  const active = signals.filter((s): s is AbortSignal => Boolean(s));
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...authHeader(),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: active.length ? AbortSignal.any(active) : undefined,
    referrerPolicy: 'no-referrer',
  });
  const text = await response.text();
  let payload: { status?: string; data?: T; message?: string } | undefined;
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    payload = undefined;
  }
  if (!response.ok || payload?.status !== 'success') {
    const message =
      payload?.message ?? `${method} ${path} failed: ${response.status} ${text.slice(0, 200)}`;
    throw new ApiError(message, response.status);
  }
  return payload.data as T;
}
