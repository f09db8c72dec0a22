/**
 * Vitest global setup (main process) for the projects whose tests open PostgreSQL databases: gives
 * the run an id that names its schemas (postgres-worker-schemas.ts), drops them at the end, and
 * first drops the schemas that crashed runs left behind. A run holds its advisory lock until it
 * ends, so a schema whose run's lock is free belongs to nobody; another checkout's live run keeps
 * its own.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import {
  dropRunSchemas,
  newRunId,
  POSTGRES_URL,
  RUN_LOCK_CLASS,
  runIdOfSchema,
  runSchemas,
} from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresRunId: number;
  }
}

async function dropAbandonedSchemas(client: pg.Client): Promise<void> {
  const runIds = new Set((await runSchemas(client)).map((name) => runIdOfSchema(name)!));
  for (const runId of runIds) {
    const { rows } = await client.query<{ free: boolean }>(
      'select pg_try_advisory_lock($1, $2) as free',
      [RUN_LOCK_CLASS, runId],
    );
    if (!rows[0]?.free) continue;
    try {
      await dropRunSchemas(runId);
    } finally {
      await client.query('select pg_advisory_unlock($1, $2)', [RUN_LOCK_CLASS, runId]);
    }
  }
}

export default async function setup(project: TestProject) {
  const runId = newRunId();
  project.provide('postgresRunId', runId);
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  // Losing this session (PostgreSQL restarted) only frees the lock; it must not end the run.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch {
    // databases.ts skips the PostgreSQL suites, or fails them under REQUIRE_POSTGRES.
    return;
  }
  // Taken before this run makes any schema, so no other run ever sees its schemas unlocked.
  await client.query('select pg_advisory_lock($1, $2)', [RUN_LOCK_CLASS, runId]);
  await dropAbandonedSchemas(client);
  return async () => {
    await dropRunSchemas(runId);
    await client.end();
  };
}
