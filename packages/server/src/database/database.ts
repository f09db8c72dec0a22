/**
 * Opens the database (SQLite file by default, PostgreSQL when a URL is given) and brings its
 * schema up to date. Both dialects read bigint columns as numbers: sizes stay far below 2^53.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type Migration,
  type MigrationResultSet,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
} from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index';
import type { Database, DatabaseSchema } from './schema';
import { withStatementCache } from './statement-cache';

pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type DatabaseOptions =
  | { kind: 'sqlite'; filename: string }
  | { kind: 'postgres'; connectionString: string; schema?: string; poolSize?: number };

export function createDatabase(options: DatabaseOptions): Database {
  if (options.kind === 'sqlite') {
    if (options.filename !== ':memory:') mkdirSync(dirname(options.filename), { recursive: true });
    const sqlite = new SQLite(options.filename);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    return new Kysely<DatabaseSchema>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
  }
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
    // A statement that hangs (server restarting) fails instead of holding a request forever.
    statement_timeout: 15_000,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client losing its server (PostgreSQL restart) must not crash the process.
  pool.on('error', () => {});
  // Nor one in use: a connection reset (network cut, failover, a proxy restarting) fails the
  // client's queries, then pg emits 'error' on the client itself, which the pool listens to only
  // while the client is idle. Unheard, that event ended the process (found by the soak,
  // docs/reliability.md). The client is unusable afterwards and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  return new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
}

export interface MigratorOptions {
  /**
   * (PostgreSQL) pins Kysely's bookkeeping tables to that schema: without it Kysely takes a
   * kysely_migration table in any other schema of the database for its own and then fails.
   */
  schema?: string;
  /** Default: every migration of migrations/index.ts. */
  migrations?: Record<string, Migration>;
}

/**
 * The one way migrations are run. On PostgreSQL, Kysely's migrator holds a session-level advisory
 * lock while it reads which migrations ran and runs the others in one transaction, so processes
 * starting at once on one database run each migration once (migrations.concurrent.test.ts).
 */
export function createMigrator(db: Database, options: MigratorOptions = {}): Migrator {
  const list = options.migrations ?? migrations;
  return new Migrator({
    db,
    provider: { getMigrations: async () => list },
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
}

/** Throws with the failing migration's name when a run did not succeed. */
export function assertMigrated({ error, results }: MigrationResultSet): void {
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

export async function migrateToLatest(db: Database, options: MigratorOptions = {}): Promise<void> {
  assertMigrated(await createMigrator(db, options).migrateToLatest());
}

export async function checkDatabase(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}
