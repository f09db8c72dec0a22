/**
 * A stand-in for the server in component tests: `mockApi({ 'POST /auth/login': ok({...}) })`
 * stubs fetch, answers each `METHOD /path` (query ignored; the /api base left out) with the given
 * reply or handler, and records every call. A key ending in `*` (`'PUT /tiny/complete/*'`) answers
 * every path below it. Unknown routes answer 404 with an error envelope. The one stand-in of the
 * API for every test of the web app.
 */
import { vi } from 'vitest';

export interface MockCall {
  method: string;
  path: string;
  url: URL;
  body: unknown;
  authorization: string | null;
}

export interface MockReply {
  status: number;
  body: unknown;
}

export type MockRoute = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

export type MockRoutes = Record<string, MockRoute>;

/** Whether a route key names a call: `METHOD /path`, or `METHOD /prefix/*` for any path below. */
function matches(key: string, call: Pick<MockCall, 'method' | 'path'>): boolean {
  const [method, path = ''] = key.split(' ');
  if (method !== call.method) return false;
  return path.endsWith('*') ? call.path.startsWith(path.slice(0, -1)) : call.path === path;
}

export const ok = (data: unknown = {}): MockReply => ({
  status: 200,
  body: { status: 'success', data },
});
export const fail = (status: number, message?: string): MockReply => ({
  status,
  body: message === undefined ? '' : { status: 'error', message },
});
/** A request that never gets an answer over the network. */
export const networkError = (): Promise<MockReply> =>
  Promise.reject(new TypeError('Failed to fetch'));

export function mockApi(routes: MockRoutes) {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const headers = new Headers(init?.headers);
    const call: MockCall = {
      method,
      path,
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('Authorization'),
    };
    calls.push(call);
    const route = routes[`${method} ${path}`] ?? wildcardRoute(routes, call);
    const reply =
      route === undefined
        ? fail(404, 'Not found')
        : typeof route === 'function'
          ? await route(call)
          : route;
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(text, {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (key: string) => calls.filter((c) => matches(key, c)),
  };
}

function wildcardRoute(routes: MockRoutes, call: MockCall): MockRoute | undefined {
  const key = Object.keys(routes).find(
    (candidate) => candidate.endsWith('*') && matches(candidate, call),
  );
  return key === undefined ? undefined : routes[key];
}
