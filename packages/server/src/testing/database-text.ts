/** Every row of every table as text, so a test can search the whole database for a string. */
import { sql } from 'kysely';
import type { Database } from '../database/schema';

export async function databaseText(db: Database): Promise<string> {
  // PostgreSQL lists the tables of every schema, other test workers' included (which may be
  // dropped meanwhile, or have tables of another branch's migrations): only this database's own.
  const own = await ownSchema(db);
  const tables = (await db.introspection.getTables()).filter(
    (table) => own === null || table.schema === own,
  );
  const dumps = await Promise.all(
    tables.map(async (table) => {
      // biome-ignore lint/suspicious/noExplicitAny: any table the migrations made, by its name
      const rows = await (db as any).selectFrom(table.name).selectAll().execute();
      return `${table.name}: ${JSON.stringify(rows, (_key, value) =>
        typeof value === 'bigint' ? String(value) : value,
      )}`;
    }),
  );
  return dumps.join('\n');
}

/** The schema unqualified names resolve to on PostgreSQL; null on SQLite. */
async function ownSchema(db: Database): Promise<string | null> {
  try {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    return rows[0]?.schema ?? null;
  } catch {
    return null;
  }
}
