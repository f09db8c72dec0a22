/**
 * Issue 18 item 3: processes on one PostgreSQL share one secret without any setting. The first
 * generates it and stores it; the second reads it, so a session made on one works on the other. A
 * process started with a different SECRET stops at once with a clear error, not with silent 401s.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, POSTGRES_URL } from '../testing/databases';
import { callApi } from './support/client';
import { runScript, type ServerProcess, startServerProcess } from './support/server-process';

const postgresAvailable = DATABASES.find((entry) => entry.name === 'postgres')?.available;

describe.skipIf(!postgresAvailable)('one secret for every process, stored in PostgreSQL', () => {
  const database = `sealdrop_secret_${randomBytes(4).toString('hex')}`;
  const admin = () => new pg.Client({ connectionString: POSTGRES_URL });
  const dataDirs: string[] = [];
  const running: ServerProcess[] = [];
  let databaseUrl = '';

  /** A process of its own data directory: nothing but the database is shared. */
  const env = (extra: Record<string, string> = {}) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sealdrop-secret-'));
    dataDirs.push(dataDir);
    return { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SECRET: '', ...extra };
  };
  const start = async (extra?: Record<string, string>) => {
    const server = await startServerProcess(env(extra));
    running.push(server);
    return server;
  };

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`create database ${database}`);
    await client.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  });

  afterAll(async () => {
    await Promise.all(running.map((server) => server.stop()));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${database} with (force)`);
    await client.end();
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
