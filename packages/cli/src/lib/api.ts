/**
 * The JSON API (README "The API by hand") as the CLI calls it: `{status, data}` envelopes, a bearer token when
 * signed in. Requests never carry the link's key: it lives only in the fragment, which stays here.
 */
import { CliError, EXIT } from './errors';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface Api {
  /** The server's origin, e.g. http://localhost:8080 (no trailing slash). */
  origin: string;
  request<T>(path: string, options?: RequestOptions): Promise<T>;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** A server given as `host:port` or with a path is reduced to its origin. */
export function serverOrigin(server: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(server) ? server : `http://${server}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new CliError(`Not a server address: ${server}`, EXIT.usage);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError(`Not an http(s) server: ${server}`, EXIT.usage);
  }
  return url.origin;
}

export function createApi(origin: string, token: string | null = null): Api {
  return {
    origin,
    async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
      const method = options.method ?? 'GET';
      let response: Response;
      try {
        response = await fetch(`${origin}/api${path}`, {
          method,
          headers: {
            Accept: 'application/json',
            ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
            ...options.headers,
          },
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: options.signal,
        });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        throw new CliError(`Could not reach the server at ${origin}.`, EXIT.failed, undefined, {
          cause: error,
        });
      }
      const text = await response.text();
      let payload: { status?: string; data?: T; message?: string } | undefined;
      try {
        payload = text ? JSON.parse(text) : undefined;
      } catch {
        payload = undefined;
      }
      if (!response.ok || payload?.status !== 'success') {
        throw new ApiError(
          payload?.message ?? `${method} ${path} failed: ${response.status}`,
          response.status,
        );
      }
      return payload.data as T;
    },
  };
}
