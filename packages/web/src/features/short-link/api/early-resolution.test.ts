import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../testing/mock-api';
import { startEarlyResolution, takeEarlyResolution } from './early-resolution';
import { resolveShortLink } from './resolve-short-link';

const CODE = 'AbCdEf123456';

describe("a short link resolved by the page's first script", () => {
  afterEach(() => {
    takeEarlyResolution(CODE);
  });

  it('asks once, on a short link only, as the app would ask but without the session token', () => {
    localStorage.setItem('authToken', 'tok');
    const api = mockApi({});
    for (const path of ['/', '/download/AbCdEf123456', '/s', '/s/short', '/s/AbCdEf12345%21'])
      startEarlyResolution(path);
    expect(api.calls).toHaveLength(0);
    startEarlyResolution(`/s/${CODE}`);
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([`GET /s/${CODE}`]);
    expect(api.calls[0]?.authorization).toBeNull();
  });

  it('hands its answer over once, and only for its own code', async () => {
    mockApi({});
    startEarlyResolution(`/s/${CODE}/`);
    expect(takeEarlyResolution('ZzZzZz123456')).toBeNull();
    expect(takeEarlyResolution(CODE)).toBeInstanceOf(Promise);
    expect(takeEarlyResolution(CODE)).toBeNull();
  });

  it('is what the short link page reads, instead of asking again', async () => {
    const api = mockApi({
      [`GET /s/${CODE}`]: ok({ fileId: CODE, downloadUrl: `/download/${CODE}` }),
    });
    startEarlyResolution(`/s/${CODE}`);
    expect(await resolveShortLink(CODE)).toBe(`/download/${CODE}`);
    expect(api.calls).toHaveLength(1);
    // Taken: the next visit asks for itself.
    expect(await resolveShortLink(CODE)).toBe(`/download/${CODE}`);
    expect(api.calls).toHaveLength(2);
  });

  it("says what the page would say when the first script's request failed", async () => {
    mockApi({ [`GET /s/${CODE}`]: { status: 404, body: { status: 'error', message: 'gone' } } });
    startEarlyResolution(`/s/${CODE}`);
    await expect(resolveShortLink(CODE)).rejects.toThrow('gone');
  });
});
