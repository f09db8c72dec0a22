/**
 * Whether a reused test schema is still what the migrations made, and making it so again. A test
 * may change the schema itself (metrics.api.test.ts drops a table to see database errors counted),
 * so each use compares the schema's shape with the one recorded when it was migrated.
 */
import { sql } from 'kysely';
import { createDatabase, migrateToLatest } from '../database/database';
import { migrations } from '../database/migrations/index';
import type { Database } from '../database/schema';
import { POSTGRES_URL, withCatalogLock } from './postgres-admin';

/** Kysely's own tables: emptying them would make the schema look unmigrated. */
const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'];

/** Every column of every table, index and sequence in the schema, as one hash. */
const shapeOf = (schema: string) => sql<string>`(
  select coalesce(md5(string_agg(
    c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
      || case when a.attnotnull then ' not null' else '' end,
    ',' order by c.relname, a.attnum)), '')
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  where n.nspname = ${schema})`;

/** Kept as the schema's comment: which migrations made it, and the shape they left. */
const markerOf = (shape: string) => `${Object.keys(migrations).length} migrations, shape ${shape}`;

/** The tables to empty, or undefined when the schema is missing or not as migrated. */
export async function intactTables(db: Database, schema: string): Promise<string[] | undefined> {
  const { rows } = await sql<{ marker: string | null; shape: string; tables: string[] }>`
    select obj_description(n.oid, 'pg_namespace') as marker, ${shapeOf(schema)} as shape,
      array(select tablename::text from pg_tables
            where schemaname = n.nspname and tablename <> all(${MIGRATION_TABLES})
            order by tablename) as tables
    from pg_namespace n where n.nspname = ${schema}`.execute(db);
  const [state] = rows;
  return state && state.marker === markerOf(state.shape) ? state.tables : undefined;
}

/** Empties every table and resets every sequence, in one statement. */
export async function emptyTables(db: Database, schema: string, tables: string[]): Promise<void> {
  if (tables.length === 0) return;
  const list = sql.join(tables.map((table) => sql.table(`${schema}.${table}`)));
  await sql`truncate table ${list} restart identity cascade`.execute(db);
}

/** Drops what is left of the schema, migrates it afresh and records its shape. */
export async function rebuildSchema(schema: string): Promise<void> {
  await withCatalogLock(async (client) => {
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.query(`create schema "${schema}"`);
    const db = createDatabase({ kind: 'postgres', connectionString: POSTGRES_URL, schema });
    try {
      await migrateToLatest(db, { schema });
      const { rows } = await sql<{ shape: string }>`select ${shapeOf(schema)} as shape`.execute(db);
      const marker = markerOf(rows[0]?.shape ?? '');
      await sql`comment on schema ${sql.id(schema)} is ${sql.lit(marker)}`.execute(db);
    } finally {
      await db.destroy();
    }
  });
}
