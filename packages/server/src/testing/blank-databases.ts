/**
 * Databases on which no migration has run yet, for the tests that run migrations themselves
 * (upgrades from every past state, processes migrating at once): SQLite in memory, or a fresh
 * PostgreSQL schema of this run (postgres-admin.ts names it, so a crashed run's is dropped too).
 */
import { inject } from 'vitest';
import { createDatabase } from '../database/database';
import type { Database } from '../database/schema';
import { POSTGRES_URL, runSchemaPrefix, withCatalogLock } from './postgres-admin';

export interface BlankDatabase {
  kind: 'sqlite' | 'postgres';
  db: Database;
  /** The PostgreSQL schema (also where Kysely's bookkeeping tables must go); none on SQLite. */
  schema?: string;
  /** Another pool on the same database: what a second server process would open. */
  openAnother(): Database;
  /**
   * Runs migrations. On PostgreSQL under the catalog lock: Kysely's migrator reads the catalog of
   * every schema, and fails when another test drops one meanwhile (postgres-admin.ts).
   */
  migrating<T>(work: () => Promise<T>): Promise<T>;
  destroy(): Promise<void>;
}

export function createBlankSqlite(): BlankDatabase {
  const db = createDatabase({ kind: 'sqlite', filename: ':memory:' });
  return {
    kind: 'sqlite',
    db,
    openAnother: () => {
      throw new Error('an in-memory SQLite database has no second connection');
    },
    migrating: (work) => work(),
    destroy: () => db.destroy(),
  };
}

let made = 0;

export async function createBlankPostgres(): Promise<BlankDatabase> {
  made += 1;
  const schema = `${runSchemaPrefix(inject('postgresRunId'))}blank${process.pid}_${made}`;
  await withCatalogLock((client) => client.query(`create schema "${schema}"`));
  const open = () =>
    createDatabase({ kind: 'postgres', connectionString: POSTGRES_URL, schema, poolSize: 3 });
  const db = open();
  const others: Database[] = [];
  return {
    kind: 'postgres',
    db,
    schema,
    openAnother: () => {
      const another = open();
      others.push(another);
      return another;
    },
    migrating: (work) => withCatalogLock(() => work()),
    destroy: async () => {
      await Promise.all([db, ...others].map((each) => each.destroy()));
      await withCatalogLock((client) => client.query(`drop schema if exists "${schema}" cascade`));
    },
  };
}
