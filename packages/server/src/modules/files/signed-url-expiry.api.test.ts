/**
 * A signed URL never outlives its file: a download link issued a minute before
 * the file expires stops working when the file does, not five minutes later.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { serverPerTest } from '../../testing/server-per-test';
import type { TestServer } from '../../testing/test-server';
import { pathOf, uploadFile } from '../../testing/upload-helpers';

const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDatabase('signed URL lifetimes', (createDatabase) => {
  let server: TestServer;
  serverPerTest(createDatabase, { env: { RATE_LIMIT_ENABLED: 'false' } }, (started) => {
    server = started;
  });

  it('ends a download URL issued a minute before expiry when the file expires', async () => {
    const { plan } = await uploadFile(server, { size: 20 });
    server.clock.advance(DAY_MS - 60_000);
    const redirect = await server.app.inject({
      method: 'GET',
      url: `/api/files/${plan.slug}/download`,
    });
    expect(redirect.statusCode).toBe(302);
    const url = pathOf(String(redirect.headers.location));
    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    server.clock.advance(61_000);
    const late = await server.app.inject({ method: 'GET', url });
    expect(late.statusCode).toBe(403);
  });
});
