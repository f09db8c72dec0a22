/**
 * Migrated PostgreSQL schemas, reused by every test a Vitest worker runs. Running the migrations
 * for each test database cost more than most tests (about 0.4 s); emptying the tables costs a few
 * tens of milliseconds.
 *
 * A worker's schemas are named by the run (postgres-run.global-setup.ts) and the worker process's
 * pid, which no two live workers share, so a test file finds the schemas the worker's earlier files
 * migrated (not Vitest's VITEST_POOL_ID: two live workers of one run were seen with the same). A
 * test that holds two databases at once (two servers that must not share rows) takes a second
 * slot, which the worker migrates once too. Every lease deletes every row and restarts the
 * sequences, so what an earlier test, or a crashed earlier file, left behind does not leak.
 */
import { inject } from 'vitest';
import { createDatabase } from '../database/database';
import type { Database } from '../database/schema';
import { POSTGRES_URL, runSchemaPrefix } from './postgres-admin';
import { emptyTables, intactContents, rebuildSchema } from './postgres-schema-state';

interface Slot {
  schema: string;
  leased: boolean;
}

/** Per module instance: per test file under Vitest's default isolation, else per worker. */
const slots: Slot[] = [];

function slotSchema(index: number): string {
  const runId = inject('postgresRunId');
  if (runId === undefined)
    throw new Error(
      'PostgreSQL test databases need src/testing/postgres-run.global-setup.ts in the ' +
        "project's globalSetup",
    );
  return `${runSchemaPrefix(runId)}p${process.pid}_${index + 1}`;
}

/** Empties the slot's schema, or (first use in this run, or a test changed it) migrates it anew. */
async function makeReady(db: Database, schema: string): Promise<void> {
  const contents = await intactContents(db, schema);
  if (contents) await emptyTables(db, schema, contents);
  else await rebuildSchema(schema);
}

/**
 * An empty, migrated schema for one test database, and a database opened on it; `release` closes
 * the database and hands the schema to the next test.
 */
export async function leaseWorkerSchema(
  poolSize: number,
): Promise<{ db: Database; release: () => Promise<void> }> {
  let slot = slots.find((candidate) => !candidate.leased);
  if (!slot) {
    slot = { schema: slotSchema(slots.length), leased: false };
    slots.push(slot);
  }
  const leased = slot;
  leased.leased = true;
  const db = createDatabase({
    kind: 'postgres',
    connectionString: POSTGRES_URL,
    schema: leased.schema,
    poolSize,
  });
  let released = false;
  // Once only: a second call must not free the slot again while a later test holds it.
  const release = async () => {
    if (released) return;
    released = true;
    try {
      await db.destroy();
    } finally {
      leased.leased = false;
    }
  };
  try {
    await makeReady(db, leased.schema);
  } catch (error) {
    await release();
    throw error;
  }
  return { db, release };
}
