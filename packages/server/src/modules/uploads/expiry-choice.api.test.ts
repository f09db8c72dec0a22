/** The sender chooses how long the link lives, up to the tier's retention. */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { serverPerTest } from '../../testing/server-per-test';
import type { TestServer } from '../../testing/test-server';
import { api, presign, putBytes } from '../../testing/upload-helpers';

const HOUR = 3600;

describeEachDatabase('expiry chosen by the sender', (createDatabase) => {
  let server: TestServer;
  serverPerTest(createDatabase, (started) => {
    server = started;
  });

  it('keeps a one-hour link one hour: info says so, and it is gone after', async () => {
    const started = server.clock.now().getTime();
    const { body } = await presign(server, { size: 10, expiresIn: HOUR });
    expect(new Date(body.data.expiresAt).getTime()).toBe(started + HOUR * 1000);
    await putBytes(server, body.data.uploadUrl ?? '', Buffer.alloc(10));
    await api(server, 'POST', '/api/upload/finalize', { objectKey: body.data.objectKey });
    const info = await api<{ expiresAt: string }>(
      server,
      'GET',
      `/api/files/${body.data.slug}/info`,
    );
    expect(info.body.data.expiresAt).toBe(new Date(started + HOUR * 1000).toISOString());

    server.clock.advance(HOUR * 1000 - 1000);
    expect((await api(server, 'GET', `/api/s/${body.data.slug}`)).statusCode).toBe(200);
    server.clock.advance(2000);
    for (const url of [`/api/s/${body.data.slug}`, `/api/files/${body.data.slug}/info`]) {
      const gone = await api(server, 'GET', url);
      expect(gone.statusCode).toBe(404);
      expect(gone.body.message).toBe('File not found or has expired.');
    }
  });

  it("refuses more than the tier's retention with a clear 400, and anything not a whole minute or more", async () => {
    const week = await presign(server, { size: 10, expiresIn: 7 * 24 * HOUR });
    expect(week.statusCode).toBe(400);
    expect(week.body.message).toBe('Links can last at most 24 hours on your plan.');
    const day = await presign(server, { size: 10, expiresIn: 24 * HOUR });
    expect(day.statusCode).toBe(200);
    for (const expiresIn of [0, 59, 1.5, -HOUR]) {
      expect((await presign(server, { size: 10, expiresIn })).statusCode).toBe(400);
    }
  });
});
