/**
 * A link allows the downloads its sender chose. A browser is known by its
 * visitor cookie: its retries within ten minutes count once, another browser is another download.
 * The last allowed download burns the object once the page says it finished, or ten minutes on.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteTestDatabase, describeEachDatabase } from '../../testing/databases';
import { startS3rver } from '../../testing/s3rver';
import { serverPerTest } from '../../testing/server-per-test';
import { sweepTestServer } from '../../testing/sweep';
import { createTestServer, type TestServer } from '../../testing/test-server';
import { api, presign, uploadFile } from '../../testing/upload-helpers';
import { visitorClient as browser } from '../../testing/visitor-client';

const MINUTE = 60_000;

describeEachDatabase('download limit', (createDatabase) => {
  let server: TestServer;
  serverPerTest(createDatabase, (started) => {
    server = started;
  });

  it('burns after reading: the second browser finds nothing and the object is deleted', async () => {
    const { plan } = await uploadFile(server, { size: 100, isEncrypted: true, downloadLimit: 1 });
    const first = browser(server);
    const second = browser(server);
    expect((await first.info(plan.slug)).json().data.downloadsLeft).toBe(1);

    const granted = await first.download(plan.slug);
    expect(granted.statusCode).toBe(302);
    expect(String(granted.headers['set-cookie'])).toMatch(
      /^sealdrop_visitor=[\w-]{43}\.[\w-]{43}; Path=\/api; Max-Age=\d+; HttpOnly; SameSite=Lax$/,
    );
    // The browser that got it may still read the page and retry; it has none left to give.
    expect((await first.info(plan.slug)).json().data.downloadsLeft).toBe(0);
    expect((await first.download(plan.slug)).statusCode).toBe(302);

    for (const url of [
      `/api/files/${plan.slug}/info`,
      `/api/files/${plan.slug}/download`,
      `/api/files/resolve?slug=${plan.slug}`,
      `/api/s/${plan.slug}`,
    ]) {
      const refused = await second.request('GET', url);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json().message).toBe('File not found or has expired.');
    }
    // Only a browser that was given the file can say it finished.
    expect((await second.finished(plan.slug)).statusCode).toBe(404);

    expect(await server.storage.head(plan.objectKey)).not.toBeNull();
    const finished = await first.finished(plan.slug);
    expect(finished.json().data).toEqual({ deleted: true });
    expect(await server.storage.head(plan.objectKey)).toBeNull();
    expect((await first.download(plan.slug)).statusCode).toBe(404);
  });

  it('counts a retry of the same browser once within ten minutes, and again after', async () => {
    const { plan } = await uploadFile(server, { size: 100, downloadLimit: 3 });
    const visitor = browser(server);
    await visitor.download(plan.slug);
    await visitor.download(plan.slug);
    expect((await visitor.info(plan.slug)).json().data.downloadsLeft).toBe(2);
    server.clock.advance(10 * MINUTE + 1000);
    await visitor.download(plan.slug);
    expect((await visitor.info(plan.slug)).json().data.downloadsLeft).toBe(1);
    // A browser without the cookie (or that dropped it) is another download.
    await browser(server).download(plan.slug);
    expect((await visitor.info(plan.slug)).json().data.downloadsLeft).toBe(0);
  });

  it('keeps a spent object ten minutes at most when the page never says it finished', async () => {
    const { plan } = await uploadFile(server, { size: 100, downloadLimit: 1 });
    const visitor = browser(server);
    await visitor.download(plan.slug);
    const sweep = () => sweepTestServer(server);
    await sweep();
    expect(await server.storage.head(plan.objectKey)).not.toBeNull();
    server.clock.advance(10 * MINUTE);
    await sweep();
    expect(await server.storage.head(plan.objectKey)).toBeNull();
  });

  it('gives the last download to one of two browsers racing for it', async () => {
    const { plan } = await uploadFile(server, { size: 100, downloadLimit: 1 });
    const codes = await Promise.all(
      Array.from({ length: 4 }, () => browser(server).download(plan.slug)),
    );
    expect(codes.map((response) => response.statusCode).sort()).toEqual([302, 404, 404, 404]);
  });

  it('leaves unlimited links alone and says so; a finish report changes nothing there', async () => {
    const { plan } = await uploadFile(server, { size: 100 });
    const visitor = browser(server);
    expect((await visitor.info(plan.slug)).json().data.downloadsLeft).toBeNull();
    await visitor.download(plan.slug);
    expect((await visitor.finished(plan.slug)).json().data).toEqual({ deleted: false });
    expect(await server.storage.head(plan.objectKey)).not.toBeNull();
  });

  it('refuses a limit that is not a whole number from 1 to 100', async () => {
    for (const downloadLimit of [0, 101, 1.5, -1]) {
      const response = await presign(server, { size: 10, downloadLimit });
      expect(response.statusCode, String(downloadLimit)).toBe(400);
      expect(response.body.message).toMatch(/downloadLimit/);
    }
    expect((await presign(server, { size: 10, downloadLimit: 100 })).statusCode).toBe(200);
  });
});

describe('download limit on s3rver', () => {
  let server: TestServer;
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  beforeEach(async () => {
    s3 = await startS3rver();
    server = await createTestServer({
      database: await createSqliteTestDatabase(),
      storage: s3.driver,
    });
  });
  afterEach(async () => {
    await server.close();
    await s3.destroy();
  });

  it('burns the object in the bucket after the one allowed download', async () => {
    const { body } = await presign(server, { size: 64, isEncrypted: false, downloadLimit: 1 });
    const plan = body.data;
    const bytes = randomBytes(64);
    expect((await fetch(plan.uploadUrl ?? '', { method: 'PUT', body: bytes })).status).toBe(200);
    await api(server, 'POST', '/api/upload/finalize', { objectKey: plan.objectKey });

    const visitor = browser(server);
    const granted = await visitor.download(plan.slug);
    expect(granted.statusCode).toBe(302);
    const signed = String(granted.headers.location);
    expect(Buffer.from(await (await fetch(signed)).arrayBuffer())).toEqual(bytes);
    expect((await browser(server).download(plan.slug)).statusCode).toBe(404);

    expect((await visitor.finished(plan.slug)).json().data).toEqual({ deleted: true });
    expect(await s3.driver.head(plan.objectKey)).toBeNull();
    // The URL it was given no longer reads anything either.
    expect((await fetch(signed)).status).toBe(404);
  });
});
