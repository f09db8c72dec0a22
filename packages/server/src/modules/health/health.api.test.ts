import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { createTestServer, type TestServer } from '../../testing/test-server';

describeEachDatabase('health', (createDatabase) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await createTestServer({ database: await createDatabase() });
  });
  afterEach(() => server.close());

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
