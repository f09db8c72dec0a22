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

/**
 * The order to delete the tables' rows in (every table before the tables it references), or
 * undefined when references go round in a circle.
 */
function deleteOrder(tables: string[], references: string[]): string[] | undefined {
  const edges = references
    .map((line) => line.split(' ') as [string, string])
    .filter(([child, parent]) => child !== parent);
  const order: string[] = [];
  let left = [...tables];
  while (left.length > 0) {
    const free = left.filter((table) =>
      edges.every(([child, parent]) => parent !== table || !left.includes(child)),
    );
    if (free.length === 0) return undefined;
    order.push(...free);
    left = left.filter((table) => !free.includes(table));
  }
  return order;
}

export interface SchemaContents {
  /** Every table but Kysely's, in an order that deletes them without breaking a reference. */
  tables: string[];
  /** False when references go round: the tables are truncated instead. */
  ordered: boolean;
}

/** What to empty, or undefined when the schema is missing or not as migrated. */
export async function intactContents(
  db: Database,
  schema: string,
): Promise<SchemaContents | undefined> {
  const { rows } = await sql<{
    marker: string | null;
    shape: string;
    tables: string[];
    refs: string[];
  }>`
    select obj_description(n.oid, 'pg_namespace') as marker, ${shapeOf(schema)} as shape,
      array(select tablename::text from pg_tables
            where schemaname = n.nspname and tablename <> all(${MIGRATION_TABLES})
            order by tablename) as tables,
      array(select child.relname::text || ' ' || parent.relname::text
            from pg_constraint k
            join pg_class child on child.oid = k.conrelid
            join pg_class parent on parent.oid = k.confrelid
            where k.contype = 'f' and k.connamespace = n.oid) as refs
    from pg_namespace n where n.nspname = ${schema}`.execute(db);
  const [state] = rows;
  if (!state || state.marker !== markerOf(state.shape)) return undefined;
  const order = deleteOrder(state.tables, state.refs);
  return { tables: order ?? state.tables, ordered: order !== undefined };
}

/**
 * Deletes every row and restarts every sequence, in one transaction. DELETE, not TRUNCATE: on a
 * few rows TRUNCATE costs ten times more (new files for every table and index, and an fsync).
 */
export async function emptyTables(
  db: Database,
  schema: string,
  contents: SchemaContents,
): Promise<void> {
  const qualified = contents.tables.map((table) => sql.table(`${schema}.${table}`));
  await db.transaction().execute(async (trx) => {
    // Rows of a test database: nothing to lose if the server crashed before they reached disk.
    await sql`set local synchronous_commit to off`.execute(trx);
    if (!contents.ordered && qualified.length > 0)
      await sql`truncate table ${sql.join(qualified)} restart identity cascade`.execute(trx);
    else for (const table of qualified) await sql`delete from ${table}`.execute(trx);
    await sql`select setval(format('%I.%I', schemaname, sequencename), start_value, false)
              from pg_sequences where schemaname = ${schema}`.execute(trx);
  });
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
