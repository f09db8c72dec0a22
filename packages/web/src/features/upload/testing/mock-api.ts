/**
 * Stubs fetch for the /api calls: routes are "METHOD /path" (the path after /api), each answering
 * with an envelope. Every call is recorded with its parsed JSON body.
 */
import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

export type RouteAnswer =
  | { data: unknown; status?: number }
  | { error: string; status: number }
  | Promise<{ data: unknown; status?: number } | { error: string; status: number }>;

export type Routes = Record<string, (body: unknown, call: ApiCall) => RouteAnswer>;

export function mockApi(routes: Routes) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(input).replace(/^\/api/, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path, body };
    calls.push(call);
    const route = Object.entries(routes).find(([key]) => matches(key, method, path));
    if (!route) return json(404, { status: 'error', message: `No mock for ${method} ${path}` });
    const answer = await route[1](body, call);
    if ('error' in answer) return json(answer.status, { status: 'error', message: answer.error });
    return json(answer.status ?? 200, { status: 'success', data: answer.data });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (key: string) => calls.filter((c) => matches(key, c.method, c.path)),
  };
}

/** "PUT /tiny/complete/*" matches any path below /tiny/complete/. */
function matches(key: string, method: string, path: string): boolean {
  const [routeMethod, routePath = ''] = key.split(' ');
  if (routeMethod !== method) return false;
  return routePath.endsWith('*') ? path.startsWith(routePath.slice(0, -1)) : path === routePath;
}

function json(status: number, payload: unknown) {
  return new Response(JSON.stringify(payload), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The answer to `POST /upload/parts`: a URL for each part number asked for. */
export const partUrls = (body: unknown) => ({
  data: {
    parts: (body as { partNumbers: number[] }).partNumbers.map((n) => ({
      partNumber: n,
      url: `https://storage.test/part/${n}`,
    })),
  },
});
