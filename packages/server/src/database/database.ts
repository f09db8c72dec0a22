/**
 * Opens the database (SQLite file by default, PostgreSQL when a URL is given) and brings its
 * schema up to date. Both dialects read bigint columns as numbers: sizes stay far below 2^53.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
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
  return new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * `schema` (PostgreSQL) pins Kysely's bookkeeping tables to that schema: without it Kysely takes a
 * kysely_migration table in any other schema of the database for its own and then fails.
 */
export async function migrateToLatest(
  db: Database,
  options: { schema?: string } = {},
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

export async function checkDatabase(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}
