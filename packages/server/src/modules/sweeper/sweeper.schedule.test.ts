/**
 * The sweeper as a server runs it: each pass counts the files it swept in the server's metrics,
 * and a shutting-down process waits for the pass under way, then starts no other.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/databases';
import { serverPerTest } from '../../testing/server-per-test';
import { contextOf, type TestServer } from '../../testing/test-server';
import { uploadFile } from '../../testing/upload-helpers';
import { createMetrics, type Metrics } from '../metrics/metrics.registry';
import { startSweeper } from './sweeper.schedule';

const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase('scheduled sweeper', (createDatabase) => {
  let server: TestServer;
  serverPerTest(createDatabase, (started) => {
    server = started;
  });

  const sweeper = async () => {
    const metrics = await createMetrics();
    const ctx = contextOf(server, { metrics });
    return { metrics, ...startSweeper({ ctx, intervalSeconds: 0, log: server.app.log }) };
  };
  const swept = async (metrics: Metrics) => {
    const text = (await metrics.registry?.metrics()) ?? '';
    return Number(text.match(/^sealdrop_files_swept_total (\d+)$/m)?.[1]);
  };

  it('counts the files each pass deletes', async () => {
    await uploadFile(server, { size: 30 });
    await uploadFile(server, { size: 30 });
    server.clock.advance(DAY + 1000);
    const { metrics, sweep } = await sweeper();
    await sweep();
    expect(await swept(metrics)).toBe(2);
    await sweep();
    expect(await swept(metrics)).toBe(2);
  });

  it('deletes unverified accounts left inactive for 7 days in its pass', async () => {
    const register = (email: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email, password: 'Correct-Horse-9' },
      });
    await register('idle@example.com');
    server.clock.advance(7 * DAY + 1000);
    await register('new@example.com');
    const { sweep } = await sweeper();
    await sweep();
    const emails = await server.db.selectFrom('users').select('email').execute();
    expect(emails).toEqual([{ email: 'new@example.com' }]);
  });

  it('stop() waits for the pass under way, and no pass starts after it', async () => {
    await uploadFile(server, { size: 30 });
    server.clock.advance(DAY + 1000);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const remove = server.storage.delete.bind(server.storage);
    server.storage.delete = async (key) => {
      await held;
      return remove(key);
    };
    const { metrics, sweep, stop } = await sweeper();
    const pass = sweep();
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    await pass;
    expect(await swept(metrics)).toBe(1);

    await uploadFile(server, { size: 30 });
    server.clock.advance(DAY + 1000);
    await sweep();
    expect(await swept(metrics)).toBe(1);
  });
});
