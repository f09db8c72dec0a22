/** Every row of every table as text, so a test can search the whole database for a string. */
import type { Database } from '../database/schema';

export async function databaseText(db: Database): Promise<string> {
  const tables = await db.introspection.getTables();
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
