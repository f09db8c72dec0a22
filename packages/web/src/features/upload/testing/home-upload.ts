/**
 * What the home page's option tests share: API answers for one small upload that succeeds, and
 * an XHR whose PUTs succeed at once (registered as beforeEach/afterEach of the calling file).
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { FakeXhr } from './fake-xhr';

export function smallUploadRoutes(expiresAt = new Date(Date.now() + 86_400_000).toISOString()) {
  return {
    'POST /tiny/instant': () => ({
      data: { tinyUrl: '/s/Short12345', shortCode: 'Short12345', completeToken: 't'.repeat(43) },
    }),
    'POST /upload/presign': () => ({
      data: {
        uploadUrl: 'https://storage.test/object',
        objectKey: 'objects/1',
        slug: 'Short12345',
        shortUrl: '/s/Short12345',
        expiresAt,
        objectSize: 0,
        concurrency: 1,
      },
    }),
    'POST /upload/finalize': () => ({
      data: { fileId: 'Short12345', storageKey: 'objects/1', downloadUrl: '/s/Short12345' },
    }),
    'PUT /tiny/complete/*': () => ({ data: {} }),
  };
}

export function withSucceedingXhr() {
  beforeEach(() => {
    FakeXhr.reset();
    FakeXhr.onSend = (xhr) => queueMicrotask(() => xhr.succeed());
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(async () => {
    cleanup();
    await new Promise((resolve) => setTimeout(resolve, 0));
    vi.unstubAllGlobals();
  });
}
