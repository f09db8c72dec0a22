/**
 * What the home page's option tests share: API answers for one small upload that succeeds (with
 * withSucceedingXhr from fake-xhr-per-test.ts for its PUT).
 */
import { ok } from '../../../testing/mock-api';

export function smallUploadRoutes(expiresAt = new Date(Date.now() + 86_400_000).toISOString()) {
  return {
    'POST /tiny/instant': () =>
      ok({ tinyUrl: '/s/Short12345', shortCode: 'Short12345', completeToken: 't'.repeat(43) }),
    'POST /upload/presign': () =>
      ok({
        uploadUrl: 'https://storage.test/object',
        objectKey: 'objects/1',
        slug: 'Short12345',
        shortUrl: '/s/Short12345',
        expiresAt,
        objectSize: 0,
        concurrency: 1,
      }),
    'POST /upload/finalize': () =>
      ok({ fileId: 'Short12345', storageKey: 'objects/1', downloadUrl: '/s/Short12345' }),
    'PUT /tiny/complete/*': () => ok({}),
  };
}
