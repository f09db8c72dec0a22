/**
 * PostgreSQL goes away under a running server and comes back: the server answers every request
 * during the outage quickly (health 503, the rest a 5xx envelope, nothing hangs) and serves again
 * once the database is back, without being restarted. A private cluster, so the shared one is
 * never touched.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../testing/server-process';
import { type Answer, callApi, download, sha256, uploadThrough } from './support/client';
import { createPrivatePostgres, type PrivatePostgres } from './support/private-postgres';

/** No request may take longer than this while the database is down. */
const ANSWER_WITHIN_MS = 5000;

async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined && done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached within ${ms} ms: ${String(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('PostgreSQL restarts under a running server', () => {
  let postgres: PrivatePostgres;
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    postgres = await createPrivatePostgres();
    dataDir = mkdtempSync(join(tmpdir(), 'sealdrop-fault-pg-'));
    server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: postgres.url,
      SWEEP_INTERVAL_SECONDS: '0',
    });
  });

  afterAll(async () => {
    await server?.stop();
    postgres?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 quickly while it is down and recovers by itself when it is back', async () => {
    const health = () => callApi(server.origin, 'GET', '/api/health');
    expect((await health()).status).toBe(200);
    const bytes = randomBytes(64 * 1024);
    const before = await uploadThrough(server.origin, bytes);
    const pid = server.pid();

    postgres.stop('immediate');

    // Every kind of request gets an answer, and a quick one, for as long as the outage lasts.
    const answers: { path: string; answer: Answer }[] = [];
    const outageEnds = Date.now() + 4000;
    while (Date.now() < outageEnds) {
      const round = await Promise.all([
        callApi(server.origin, 'GET', '/api/health').then((answer) => ({ path: 'health', answer })),
        callApi(server.origin, 'POST', '/api/upload/presign', {
          body: { filename: 'a.txt', contentType: 'text/plain', size: 3, isEncrypted: false },
        }).then((answer) => ({ path: 'presign', answer })),
        callApi(server.origin, 'GET', `/api/files/${before.slug}/info`).then((answer) => ({
          path: 'info',
          answer,
        })),
      ]);
      answers.push(...round);
    }
    expect(answers.length).toBeGreaterThanOrEqual(6);
    for (const { path, answer } of answers) {
      expect(answer.ms, `${path} took ${answer.ms} ms`).toBeLessThan(ANSWER_WITHIN_MS);
      expect(answer.status, path).toBeGreaterThanOrEqual(500);
      expect(answer.body.status).toBe('error');
    }
    const healthAnswer = answers.find(({ path }) => path === 'health')?.answer;
    expect(healthAnswer?.status).toBe(503);
    expect(healthAnswer?.body.message).toBe('Service unavailable: database not reachable');

    postgres.start();
    await waitFor(health, (answer) => answer.status === 200, 15_000);

    // Same process, fresh connections: old data is there and new uploads work end to end.
    expect(server.pid()).toBe(pid);
    const info = await callApi(server.origin, 'GET', `/api/files/${before.slug}/info`);
    expect(info.status).toBe(200);
    const after = await uploadThrough(server.origin, bytes);
    expect(sha256(await download(server.origin, after.slug))).toBe(sha256(bytes));
  });
});
