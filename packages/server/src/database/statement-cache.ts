/**
 * Kysely prepares every query it runs on SQLite, and better-sqlite3 compiles the SQL text on every
 * prepare(): under load on presign that compiling was about 9 % of the server's CPU. A statement
 * can be run again and again, so the most recently used ones are kept by their SQL text. A
 * statement in the middle of a streamed query (busy) cannot run another: that call gets a fresh
 * one. SQLite re-compiles a kept statement by itself when a migration changes the schema.
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

export function withStatementCache(db: SQLite.Database, size = 256): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => db.close(),
    prepare(sql) {
      const found = kept.get(sql);
      if (found && !found.busy) {
        // Map order is insertion order: moving it to the end marks it most recently used.
        kept.delete(sql);
        kept.set(sql, found);
        return found;
      }
      const statement = db.prepare(sql);
      if (found) return statement;
      kept.set(sql, statement);
      if (kept.size > size) kept.delete(kept.keys().next().value as string);
      return statement;
    },
  };
}
