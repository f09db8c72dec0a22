import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { serverPerTest } from '../../testing/server-per-test';
import type { TestServer } from '../../testing/test-server';

describeEachDatabase('health', (createDatabase) => {
  let server: TestServer;
  serverPerTest(createDatabase, (started) => {
    server = started;
  });

  it('reports database and storage ok', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', data: { db: 'ok', storage: 'ok' } });
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
    expect(response.json()).toEqual({ status: 'success', data: { db: 'ok', storage: 'ok' } });
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
