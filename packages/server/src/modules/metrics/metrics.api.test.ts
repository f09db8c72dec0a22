/**
 * GET /metrics: off by default, behind a bearer token or on a listener of its
 * own, in Prometheus text; counts requests by route pattern (never a raw URL), upload outcomes,
 * rate-limit refusals and database and storage errors of this server only.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { createTestServer, type TestServer } from '../../testing/test-server';
import { api, presign, uploadFile } from '../../testing/upload-helpers';
import { storageErrors } from '../storage/storage.errors';

const TOKEN = 'metrics-token-0123456789';

async function scrape(server: TestServer, token = TOKEN) {
  const response = await server.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The value of one series, e.g. `sealdrop_uploads_total{outcome="finalized"}`; 0 when absent. */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describeEachDatabase('metrics', (createDatabase) => {
  const servers: TestServer[] = [];
  const start = async (env: Record<string, string> = { METRICS_TOKEN: TOKEN }) => {
    const server = await createTestServer({ database: await createDatabase(), env });
    servers.push(server);
    return server;
  };
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  it('has no /metrics route when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    const server = await start({});
    const response = await server.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
  });

  it('answers 401 without the token or with a wrong one, and Prometheus text with it', async () => {
    const server = await start();
    const missing = await server.app.inject({ method: 'GET', url: '/metrics' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    expect(missing.json()).toEqual({
      status: 'error',
      message: 'A valid metrics token is required',
    });
    for (const wrong of [`${TOKEN}x`, TOKEN.slice(0, -1), '']) {
      const refused = await server.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${wrong}` },
      });
      expect(refused.statusCode).toBe(401);
    }
    const response = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    // Event-loop lag and process memory come with the process metrics.
    expect(response.body).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(response.body).toMatch(/^process_resident_memory_bytes \d/m);
    expect(response.body).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });

  it('labels requests by route pattern and status, never by the ids in the URL', async () => {
    const server = await start();
    const { plan } = await uploadFile(server, { size: 40 });
    await api(server, 'GET', `/api/files/${plan.slug}/info`);
    await api(server, 'GET', `/api/files/${plan.slug}/info`);
    await api(server, 'GET', '/api/files/nosuchfile1234/info');
    await server.app.inject({ method: 'GET', url: '/api/no/such/route/secret-value' });

    const text = await scrape(server);
    const info = 'sealdrop_http_requests_total{method="GET",route="/api/files/:fileId/info"';
    expect(seriesValue(text, `${info},status="200"}`)).toBe(2);
    expect(seriesValue(text, `${info},status="404"}`)).toBe(1);
    expect(
      seriesValue(
        text,
        'sealdrop_http_requests_total{method="GET",route="unmatched",status="404"}',
      ),
    ).toBe(1);
    expect(
      seriesValue(
        text,
        'sealdrop_http_request_duration_seconds_count{method="GET",route="/api/files/:fileId/info",status="200"}',
      ),
    ).toBe(2);
    for (const secret of [plan.slug, plan.objectKey, 'nosuchfile1234', 'secret-value', 'sig=']) {
      expect(text).not.toContain(secret);
    }
  });

  it('counts uploads presigned, finalized, aborted and failed, and the bytes finalized', async () => {
    const server = await start();
    await uploadFile(server, { size: 40 });
    await uploadFile(server, { size: 60 });
    const aborted = await presign(server, { size: 10 });
    await api(server, 'POST', '/api/upload/abort', { objectKey: aborted.body.data.objectKey });
    // Finalized before any byte was sent: the object is missing, the finalize fails.
    const unsent = await presign(server, { size: 10 });
    const failed = await api(server, 'POST', '/api/upload/finalize', {
      objectKey: unsent.body.data.objectKey,
    });
    expect(failed.statusCode).toBeGreaterThanOrEqual(400);

    const text = await scrape(server);
    expect(seriesValue(text, 'sealdrop_uploads_total{outcome="presigned"}')).toBe(4);
    expect(seriesValue(text, 'sealdrop_uploads_total{outcome="finalized"}')).toBe(2);
    expect(seriesValue(text, 'sealdrop_uploads_total{outcome="aborted"}')).toBe(1);
    expect(seriesValue(text, 'sealdrop_uploads_total{outcome="failed"}')).toBe(1);
    expect(seriesValue(text, 'sealdrop_upload_bytes_finalized_total')).toBe(100);
  });

  it('counts rate-limit refusals by route', async () => {
    const server = await start({
      METRICS_TOKEN: TOKEN,
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_PRESIGN_PER_MINUTE: '1',
    });
    await presign(server, { size: 10 });
    const refused = await presign(server, { size: 10 });
    expect(refused.statusCode).toBe(429);
    await presign(server, { size: 10 });

    const text = await scrape(server);
    expect(seriesValue(text, 'sealdrop_rate_limited_total{route="/api/upload/presign"}')).toBe(2);
  });

  it('counts requests served without a rate-limit count while Redis does not answer', async () => {
    const server = await start({
      METRICS_TOKEN: TOKEN,
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_PRESIGN_PER_MINUTE: '1',
      // Nothing listens there: every check fails open.
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    for (const _ of [1, 2, 3]) expect((await presign(server, { size: 10 })).statusCode).toBe(200);
    const text = await scrape(server);
    expect(seriesValue(text, 'sealdrop_rate_limit_checks_skipped_total')).toBe(3);
  });

  it('counts storage errors, from requests and from the readiness check', async () => {
    const server = await start();
    const unsent = await presign(server, { size: 10 });
    server.storage.head = async () => {
      throw storageErrors.unavailable();
    };
    const finalize = await api(server, 'POST', '/api/upload/finalize', {
      objectKey: unsent.body.data.objectKey,
    });
    expect(finalize.statusCode).toBe(503);
    server.storage.check = async () => {
      throw new Error('disk gone');
    };
    expect((await api(server, 'GET', '/api/health/ready')).statusCode).toBe(503);

    const text = await scrape(server);
    expect(seriesValue(text, 'sealdrop_dependency_errors_total{dependency="storage"}')).toBe(2);
    expect(seriesValue(text, 'sealdrop_dependency_errors_total{dependency="database"}')).toBe(0);
  });

  it('counts database errors', async () => {
    const server = await start();
    await sql`drop table feedback`.execute(server.db);
    const response = await api(server, 'POST', '/api/feedback', {
      type: 'bug',
      message: 'The upload button does nothing at all',
    });
    expect(response.statusCode).toBe(500);

    const text = await scrape(server);
    expect(seriesValue(text, 'sealdrop_dependency_errors_total{dependency="database"}')).toBe(1);
  });

  it('keeps each server its own registry: two servers in one process count apart', async () => {
    const first = await start();
    const second = await start();
    await api(first, 'GET', '/api/health/live');
    await api(first, 'GET', '/api/health/live');
    const live = 'sealdrop_http_requests_total{method="GET",route="/api/health/live",status="200"}';
    expect(seriesValue(await scrape(first), live)).toBe(2);
    expect(seriesValue(await scrape(second), live)).toBe(0);
  });
});

describe('metrics on a listener of their own (METRICS_PORT)', () => {
  let server: TestServer | undefined;
  afterEach(() => server?.close());

  it('serves /metrics on METRICS_PORT only, with the token when one is set', async () => {
    const { freePort } = await import('../../testing/server-process');
    const { createSqliteTestDatabase } = await import('../../testing/databases');
    const metricsPort = await freePort();
    server = await createTestServer({
      database: await createSqliteTestDatabase(),
      env: { METRICS_PORT: String(metricsPort), METRICS_TOKEN: TOKEN, HOST: '127.0.0.1' },
    });
    const mainOrigin = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const metricsOrigin = `http://127.0.0.1:${metricsPort}`;

    expect((await fetch(`${mainOrigin}/api/health/live`)).status).toBe(200);
    expect((await fetch(`${mainOrigin}/metrics`)).status).toBe(404);
    expect((await fetch(`${metricsOrigin}/metrics`)).status).toBe(401);
    expect((await fetch(`${metricsOrigin}/api/health`)).status).toBe(404);
    const response = await fetch(`${metricsOrigin}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(
      'sealdrop_http_requests_total{method="GET",route="/api/health/live",status="200"} 1',
    );

    await server.close();
    server = undefined;
    await expect(fetch(`${metricsOrigin}/metrics`)).rejects.toThrow();
  });
});
