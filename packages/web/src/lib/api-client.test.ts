import { finalizeResponseSchema } from '@sealdrop/core/api-schemas';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../testing/mock-api';
import { ApiError, apiRequest, UNEXPECTED_ANSWER } from './api-client';

const finalized = { fileId: 'abc', storageKey: 'files/abc/x', downloadUrl: '/s/abc' };

describe('apiRequest with a schema', () => {
  it('hands back the parsed data, without fields the schema does not name', async () => {
    mockApi({ 'POST /upload/finalize': ok({ ...finalized, extra: 'dropped' }) });
    const data = await apiRequest('/upload/finalize', {
      method: 'POST',
      schema: finalizeResponseSchema,
    });
    expect(data).toEqual(finalized);
  });

  it('refuses an answer of another shape as an ApiError with the status', async () => {
    mockApi({ 'POST /upload/finalize': ok({ fileId: 42 }) });
    const request = apiRequest('/upload/finalize', {
      method: 'POST',
      schema: finalizeResponseSchema,
    });
    await expect(request).rejects.toBeInstanceOf(ApiError);
    await expect(request).rejects.toMatchObject({ message: UNEXPECTED_ANSWER, status: 200 });
  });

  it('leaves the data untouched without a schema', async () => {
    mockApi({ 'POST /upload/abort': ok({ anything: [1, 2] }) });
    expect(await apiRequest('/upload/abort', { method: 'POST' })).toEqual({ anything: [1, 2] });
  });
});

describe('apiRequest for a preloaded read', () => {
  it('sends no header of its own and no session token, as the Link preload it must match', async () => {
    localStorage.setItem('authToken', 'tok');
    const api = mockApi({ 'GET /config': ok({}) });
    await apiRequest('/config', { preloaded: true });
    const [, init] = api.fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).has('Accept')).toBe(false);
    expect(api.calls[0]?.authorization).toBeNull();
    // Credentials as a `crossorigin` preload has them: same origin, the default.
    expect(init.credentials).toBeUndefined();
    expect(init.method).toBe('GET');
  });

  it('still sends the session token with an ordinary request', async () => {
    localStorage.setItem('authToken', 'tok');
    const api = mockApi({ 'GET /auth/me': ok({}) });
    await apiRequest('/auth/me');
    expect(api.calls[0]?.authorization).toBe('Bearer tok');
  });
});

describe('apiRequest with an answer already asked for', () => {
  it('reads that answer instead of asking again', async () => {
    const api = mockApi({});
    const answer = Promise.resolve(
      new Response(JSON.stringify({ status: 'success', data: { downloadUrl: '/download/x' } }), {
        status: 200,
      }),
    );
    expect(await apiRequest('/s/x', { answer })).toEqual({ downloadUrl: '/download/x' });
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it("fails as a request that failed would, with the server's message", async () => {
    mockApi({});
    const answer = Promise.resolve(
      new Response(JSON.stringify({ status: 'error', message: 'gone' }), { status: 410 }),
    );
    await expect(apiRequest('/s/x', { answer })).rejects.toMatchObject({
      message: 'gone',
      status: 410,
    });
  });
});
