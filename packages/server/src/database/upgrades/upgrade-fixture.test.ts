/**
 * The committed fixture (fixture.ts), made by the build of an old state, opened exactly as a
 * start of today's build opens a DATA_DIR or a DATABASE_URL (wiring.ts): the migrations run
 * forward, the secret the old build generated is adopted, and every link in it resolves and
 * downloads, every account signs in.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { DATABASES } from '../../testing/databases';
import { POSTGRES_URL } from '../../testing/postgres-admin';
import { createTestClock, createTestServer, type TestServer } from '../../testing/test-server';
import { openDatabase, openStorage, serverSecret } from '../../wiring';
import { migrations } from '../migrations/index';
import { HOUR } from './fill-context';
import { FIXTURE_DATA_DIR, FIXTURE_POSTGRES_DUMP, readFixtureManifest } from './fixture';
import { checkUpgraded } from './upgrade-checks';

const manifest = readFixtureManifest();

async function onPostgres(url: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** The dump restored into a database of its own, as `psql -f postgres.sql` would. */
async function restoreDump(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sealdrop_fixture_${randomBytes(4).toString('hex')}`;
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  await onPostgres(POSTGRES_URL, `create database ${name}`);
  const drop = () => onPostgres(POSTGRES_URL, `drop database if exists ${name} with (force)`);
  try {
    await onPostgres(url.href, readFileSync(FIXTURE_POSTGRES_DUMP, 'utf8'));
  } catch (error) {
    await drop();
    throw error;
  }
  return { url: url.href, drop };
}

for (const entry of DATABASES) {
  describe.skipIf(!entry.available)(`the upgrade fixture [${entry.name}]`, () => {
    const cleanups: (() => Promise<void> | void)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    it(`a database made at ${manifest.state} by an old build opens: migrations run forward at start, every link downloads`, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'sealdrop-fixture-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      cpSync(FIXTURE_DATA_DIR, dataDir, { recursive: true });
      const env: Record<string, string> = { DATA_DIR: dataDir };
      if (entry.name === 'postgres') {
        const restored = await restoreDump();
        cleanups.push(restored.drop);
        env.DATABASE_URL = restored.url;
      }
      const config = loadConfig(env);

      const db = await openDatabase(config);
      const secret = await serverSecret(config, db);
      const storage = await openStorage(config, secret);
      const server: TestServer = await createTestServer({
        database: { db, destroy: () => db.destroy() },
        storage,
        clock: createTestClock(manifest.madeAt + HOUR),
        env: { RATE_LIMIT_ENABLED: 'false', ADMIN_EMAILS: manifest.expected.admins.join(',') },
      });
      cleanups.push(() => server.close());

      const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
      expect(rows.map((row) => row.name).sort()).toEqual(Object.keys(migrations).sort());
      expect(secret).toBe(manifest.expected.storedSecret);
      await checkUpgraded(server, manifest.expected);
    }, 60_000);
  });
}
