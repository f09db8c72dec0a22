import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../../../scripts/scratch-postgres.mjs';
import { DATABASES } from '../testing/databases';
import { runScript, type ServerProcess, startServerProcess } from '../testing/server-process';
import { callApi } from './support/client';

const postgresAvailable = DATABASES.find((entry) => entry.name === 'postgres')?.available;

describe.skipIf(!postgresAvailable)('one secret for every process, stored in PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  const dataDirs: string[] = [];
  const running: ServerProcess[] = [];

  /** A process of its own data directory: nothing but the database is shared. */
  const env = (extra: Record<string, string> = {}) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sealdrop-secret-'));
    dataDirs.push(dataDir);
    return { DATABASE_URL: database.url, DATA_DIR: dataDir, SECRET: '', ...extra };
  };
  const start = async (extra?: Record<string, string>) => {
    const server = await startServerProcess(env(extra));
    running.push(server);
    return server;
  };

  beforeAll(async () => {
    database = await createScratchDatabase('sealdrop_secret');
  });

  afterAll(async () => {
    await Promise.all(running.map((server) => server.stop()));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    await database?.drop();
  });

  it('a session made on the first process works on the second, with no SECRET anywhere', async () => {
    const first = await start();
    const second = await start();
    const registered = await callApi<{ token: string }>(
      first.origin,
      'POST',
      '/api/auth/register',
      {
        body: { email: 'shared@example.com', password: 'correct horse battery staple' },
      },
    );
    expect(registered.status).toBe(200);
    const { token } = registered.body.data;
    const me = await callApi<{ user: { email: string } }>(second.origin, 'GET', '/api/auth/me', {
      token,
    });
    expect(me.status).toBe(200);
    expect(me.body.data.user.email).toBe('shared@example.com');
  });

  it('refuses to start with a SECRET other than the stored one, and says why', async () => {
    const refused = runScript(
      'packages/server/src/main.ts',
      env({
        SECRET: 'a-different-secret-of-at-least-32-characters',
        PORT: '0',
        SERVE_WEB: 'false',
      }),
    );
    expect(await refused.exited).toBe(1);
    expect(refused.logs.join('')).toContain(
      'SECRET differs from the secret this database already holds',
    );
    // Nothing of the secrets themselves is printed.
    expect(refused.logs.join('')).not.toContain('a-different-secret');
  });
});
