/**
 * A stand-in for the server in component tests: `mockApi({ 'POST /auth/login': ok({...}) })`
 * stubs fetch, answers each `METHOD /path` (query ignored; the /api base left out) with the given
 * reply or handler, and records every call. Unknown routes answer 404 with an error envelope.
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

type Route = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

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

export function mockApi(routes: Record<string, Route>) {
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
    const route = routes[`${method} ${path}`];
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
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}
