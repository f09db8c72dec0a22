import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../testing/mock-api';
import { getFileInfo } from './file-info';

const info = {
  fileId: 'AbCdEf123456',
  originalName: 'notes.txt',
  size: 6,
  contentType: 'text/plain',
  isEncrypted: false,
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  status: 'ready',
  downloadsLeft: null,
};

describe("the download page's info request", () => {
  it('is the request the server preloads: the same URL, no header of its own, no session token', async () => {
    // A signed-in owner asks exactly as anyone with the link does: the info needs no session.
    localStorage.setItem('authToken', 'tok');
    const api = mockApi({ 'GET /files/AbCdEf123456/info': ok(info) });
    expect(await getFileInfo('AbCdEf123456')).toMatchObject({ originalName: 'notes.txt' });
    expect(api.calls).toHaveLength(1);
    const [url, init] = api.fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/files/AbCdEf123456/info');
    expect(new Headers(init.headers).has('Accept')).toBe(false);
    expect(api.calls[0]?.authorization).toBeNull();
    expect(init.credentials).toBeUndefined();
  });
});
