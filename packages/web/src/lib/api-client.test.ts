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
