/**
 * What the PostgreSQL test helpers share: where the server is, the lock that keeps schema changes
 * from racing Kysely's catalog reads, and how a test run names its schemas.
 */
import { randomInt } from 'node:crypto';
import pg from 'pg';
import { POSTGRES_URL } from '../../../../scripts/scratch-postgres.mjs';

export { POSTGRES_URL };

/** Any fixed number: the key of the session-level advisory lock below. */
const CATALOG_LOCK_KEY = 5_310_417;

/**
 * Kysely's migrator reads the catalog of every schema in the database, and fails when a schema
 * disappears under it; test workers (and other checkouts' test runs) share the database, so
 * migrating one schema and dropping another take turns. Ending the session releases the lock.
 */
export async function withCatalogLock<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [CATALOG_LOCK_KEY]);
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A run holds the advisory lock (RUN_LOCK_CLASS, its id) for as long as it lives, so another run
 * can tell a crashed run's schemas (lock free) from a running one's. Two-key advisory locks never
 * meet the one-key catalog lock above.
 */
export const RUN_LOCK_CLASS = 5_310_418;

/** Random, below 2^31: it is also the second key of the run's advisory lock (an int4). */
export const newRunId = () => randomInt(1, 0x8000_0000);

/** Every schema of one run starts with this; `.ci/run` drops all `test_…` schemas before CI. */
export const runSchemaPrefix = (runId: number) => `test_r${runId.toString(16).padStart(8, '0')}_`;

/** The run id in a schema name made by runSchemaPrefix, or undefined for any other name. */
export function runIdOfSchema(schema: string): number | undefined {
  const match = /^test_r([0-9a-f]{8})_/.exec(schema);
  return match?.[1] ? Number.parseInt(match[1], 16) : undefined;
}

/** The names of the schemas made by runSchemaPrefix, of any run. */
export async function runSchemas(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    "select nspname as name from pg_namespace where nspname like 'test\\_r%'",
  );
  return rows.map((row) => row.name).filter((name) => runIdOfSchema(name) !== undefined);
}

/** Drops the schemas of one run, in one locked turn. */
export async function dropRunSchemas(runId: number): Promise<void> {
  await withCatalogLock(async (client) => {
    for (const schema of await runSchemas(client)) {
      if (runIdOfSchema(schema) === runId) await client.query(`drop schema "${schema}" cascade`);
    }
  });
}
