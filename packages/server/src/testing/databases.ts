/**
 * Runs a suite on every database Sealdrop supports: SQLite in memory, and PostgreSQL at
 * DATABASE_URL_TEST (default: the local server). Each test database starts empty; PostgreSQL ones
 * reuse schemas the worker migrated once.
 * With REQUIRE_POSTGRES=1 (set by CI) an unreachable PostgreSQL fails the run instead of skipping.
 */
import pg from 'pg';
import { describe } from 'vitest';
import { createDatabase, migrateToLatest } from '../database/database';
import type { Database } from '../database/schema';
import { type BlankDatabase, createBlankPostgres, createBlankSqlite } from './blank-databases';
import { requiredHere } from './local-daemon';
import { POSTGRES_URL } from './postgres-admin';
import { leaseWorkerSchema } from './postgres-worker-schemas';

const REQUIRE_POSTGRES = requiredHere('REQUIRE_POSTGRES');

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
  /** Closes the database; a PostgreSQL one's schema goes back to the worker, to be emptied. */
  destroy: () => Promise<void>;
}

export async function createSqliteTestDatabase(): Promise<TestDatabase> {
  const db = createDatabase({ kind: 'sqlite', filename: ':memory:' });
  await migrateToLatest(db);
  return { db, destroy: () => db.destroy() };
}

/**
 * A PostgreSQL database in a schema this worker migrated once and emptied for this test
 * (postgres-worker-schemas.ts); two open at once get two schemas.
 */
export async function createPostgresTestDatabase(): Promise<TestDatabase> {
  const { db, release } = await leaseWorkerSchema(5);
  return { db, destroy: release };
}

export const DATABASES = [
  {
    name: 'sqlite',
    create: createSqliteTestDatabase,
    blank: async () => createBlankSqlite(),
    available: true,
  },
  {
    name: 'postgres',
    create: createPostgresTestDatabase,
    blank: createBlankPostgres,
    available: pgAvailable,
  },
] as const;

/**
 * describe() once per database; the suite receives a factory for fresh, migrated databases, and
 * one for blank ones (no migration run yet) for the tests that run migrations themselves.
 */
export function describeEachDatabase(
  title: string,
  suite: (create: () => Promise<TestDatabase>, createBlank: () => Promise<BlankDatabase>) => void,
) {
  for (const entry of DATABASES) {
    describe.skipIf(!entry.available)(`${title} [${entry.name}]`, () =>
      suite(entry.create, entry.blank),
    );
  }
}
