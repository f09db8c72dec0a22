import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { buildVersion } from '../../shared/version';
import { describeEachDatabase } from '../../testing/databases';
import { serverPerTest } from '../../testing/server-per-test';
import type { TestServer } from '../../testing/test-server';

const SERVER_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describeEachDatabase('health', (createDatabase) => {
  let server: TestServer;
  serverPerTest(createDatabase, (started) => {
    server = started;
  });

  it('reports database and storage ok, and the version and commit of the build', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'success',
      data: { db: 'ok', storage: 'ok', ...buildVersion },
    });
    const { version } = JSON.parse(readFileSync(join(SERVER_ROOT, 'package.json'), 'utf8'));
    expect(response.json().data.version).toBe(version);
    expect(response.json().data.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it('answers 503 naming the part that is down', async () => {
    server.storage.check = async () => {
      throw new Error('disk gone');
    };
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'error',
      message: 'Service unavailable: storage not reachable',
    });
  });
});

describeEachDatabase('liveness and readiness probes', (createDatabase) => {
  let server: TestServer;
  serverPerTest(createDatabase, (started) => {
    server = started;
  });

  it('readiness reports database and storage ok, like /api/health', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'success',
      data: { db: 'ok', storage: 'ok', ...buildVersion },
    });
  });

  it('readiness answers 503 while storage is down; liveness still answers 200', async () => {
    server.storage.check = async () => {
      throw new Error('disk gone');
    };
    const ready = await server.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      status: 'error',
      message: 'Service unavailable: storage not reachable',
      data: { db: 'ok', storage: 'error' },
    });
    const live = await server.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'success', data: { live: true } });
  });

  it('liveness does not touch the database: it answers while the database is gone', async () => {
    await server.db.destroy();
    const ready = await server.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ message: 'Service unavailable: database not reachable' });
    const live = await server.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
  });
});
