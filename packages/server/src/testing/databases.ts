/**
 * Runs a suite on every database Sealdrop supports: SQLite in memory, and PostgreSQL at
 * DATABASE_URL_TEST (default: the local server). Each PostgreSQL suite gets a schema of its own.
 * With REQUIRE_POSTGRES=1 (set by CI) an unreachable PostgreSQL fails the run instead of skipping.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';
import { createDatabase, migrateToLatest } from '../database/database';
import type { Database } from '../database/schema';

export const POSTGRES_URL =
  process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
const REQUIRE_POSTGRES =
  ['1', 'true'].includes(process.env.REQUIRE_POSTGRES ?? '') || process.env.CI === 'true';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (error) {
    if (REQUIRE_POSTGRES)
      throw new Error(`PostgreSQL at ${POSTGRES_URL} is required but unreachable: ${error}`);
    return false;
  }
}

const pgAvailable = await postgresReachable();

export interface TestDatabase {
  db: Database;
  /** Drops what the database holds (PostgreSQL: its schema) and closes it. */
  destroy: () => Promise<void>;
}

export async function createSqliteTestDatabase(): Promise<TestDatabase> {
  const db = createDatabase({ kind: 'sqlite', filename: ':memory:' });
  await migrateToLatest(db);
  return { db, destroy: () => db.destroy() };
}

export async function createPostgresTestDatabase(): Promise<TestDatabase> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = createDatabase({
    kind: 'postgres',
    connectionString: POSTGRES_URL,
    schema,
    poolSize: 5,
  });
  await migrateToLatest(db);
  return {
    db,
    destroy: async () => {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    },
  };
}

export const DATABASES = [
  { name: 'sqlite', create: createSqliteTestDatabase, available: true },
  { name: 'postgres', create: createPostgresTestDatabase, available: pgAvailable },
] as const;

/** describe() once per database; the suite receives a factory for fresh databases. */
export function describeEachDatabase(
  title: string,
  suite: (create: () => Promise<TestDatabase>) => void,
) {
  for (const entry of DATABASES) {
    describe.skipIf(!entry.available)(`${title} [${entry.name}]`, () => suite(entry.create));
  }
}
