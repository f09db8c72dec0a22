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

/** Any fixed number: the key of the session-level advisory lock below. */
const CATALOG_LOCK_KEY = 5_310_417;

/**
 * Kysely's migrator reads the catalog of every schema in the database, and fails when a schema
 * disappears under it; test files run in parallel (and in several processes), so migrating one
 * schema and dropping another take turns. Ending the session releases the lock.
 */
async function withCatalogLock<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [CATALOG_LOCK_KEY]);
    return await work(client);
  } finally {
    await client.end();
  }
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
  const destroy = async () => {
    await db.destroy();
    await withCatalogLock((client) => client.query(`drop schema ${schema} cascade`));
  };
  try {
    await withCatalogLock(() => migrateToLatest(db, { schema }));
  } catch (error) {
    // A schema left half-migrated would only litter the test database.
    await destroy().catch(() => {});
    throw error;
  }
  return { db, destroy };
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
