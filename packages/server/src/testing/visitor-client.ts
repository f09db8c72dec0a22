/**
 * A browser as the download API sees it: keeps the visitor cookie the server sets on /api, and
 * sends its requests from one client address (which a test may change, as a phone changing
 * networks would).
 */
import type { TestServer } from './test-server';

export function visitorClient(server: TestServer, options: { address?: string } = {}) {
  let cookie: string | undefined;
  let address = options.address ?? '127.0.0.1';
  const request = async (method: 'GET' | 'POST', url: string) => {
    const response = await server.app.inject({
      method,
      url,
      remoteAddress: address,
      headers: cookie ? { cookie } : {},
    });
    const set = response.headers['set-cookie'];
    if (set) cookie = String(set).split(';')[0];
    return response;
  };
  return {
    request,
    info: (fileId: string) => request('GET', `/api/files/${fileId}/info`),
    download: (fileId: string) => request('GET', `/api/files/${fileId}/download`),
    finished: (fileId: string) => request('POST', `/api/files/${fileId}/downloaded`),
    /** The `name=value` this browser sends, if any. */
    get cookie() {
      return cookie;
    },
    set cookie(value: string | undefined) {
      cookie = value;
    },
    moveTo(next: string) {
      address = next;
    },
  };
}

export type VisitorClient = ReturnType<typeof visitorClient>;
