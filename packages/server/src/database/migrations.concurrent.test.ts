/**
 * Two server processes started at once on one PostgreSQL database both migrate it at start
 * (wiring.ts openDatabase). Each opens its own pool, so two sessions race: the migrations must
 * run once, and both processes must start. Kysely's migrator takes a session-level advisory lock
 * (pg_advisory_lock) around reading which migrations ran and running the rest; these tests hold
 * it to that on a fresh schema.
 */
import { type MigrationResultSet, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type BlankDatabase, createBlankPostgres } from '../testing/blank-databases';
import { DATABASES } from '../testing/databases';
import { createMigrator, migrateToLatest } from './database';
import { migrations } from './migrations/index';
import type { Database } from './schema';

const postgresAvailable = DATABASES.find((entry) => entry.name === 'postgres')?.available ?? false;
const names = Object.keys(migrations);

async function recordedMigrations(db: Database): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((row) => row.name);
}

describe.skipIf(!postgresAvailable)(
  'migrations started by two processes at once [postgres]',
  () => {
    let blank: BlankDatabase | undefined;
    afterEach(async () => {
      await blank?.destroy();
      blank = undefined;
    });

    it('run each migration once: the second process waits, then finds nothing left to run', async () => {
      blank = await createBlankPostgres();
      const { schema } = blank;
      const runs = new Map<string, number>();
      // Every migration counts its runs; the first one dawdles, so that the second process is sure
      // to arrive while the first is still migrating.
      const counted = Object.fromEntries(
        Object.entries(migrations).map(([name, migration], index) => [
          name,
          {
            up: async (db: Parameters<typeof migration.up>[0]) => {
              runs.set(name, (runs.get(name) ?? 0) + 1);
              if (index === 0) await new Promise((resolve) => setTimeout(resolve, 500));
              await migration.up(db);
            },
          },
        ]),
      );
      const first = blank.db;
      const second = blank.openAnother();
      const migrators = [first, second].map((db) =>
        createMigrator(db, { schema, migrations: counted }),
      );
      const results: MigrationResultSet[] = await blank.migrating(() =>
        Promise.all(migrators.map((migrator) => migrator.migrateToLatest())),
      );
      const [a, b] = results as [MigrationResultSet, MigrationResultSet];

      expect(a.error).toBeUndefined();
      expect(b.error).toBeUndefined();
      expect(Object.fromEntries(runs)).toEqual(Object.fromEntries(names.map((name) => [name, 1])));
      // One of them ran everything, the other nothing.
      const ran = [a, b].map((set) => (set.results ?? []).map((result) => result.migrationName));
      expect(ran.map((list) => list.length).sort((x, y) => x - y)).toEqual([0, names.length]);
      expect(await recordedMigrations(second)).toEqual([...names].sort());
    });

    it('both start on a fresh schema, many times over, with the real migrations', async () => {
      for (let round = 0; round < 4; round += 1) {
        blank = await createBlankPostgres();
        const { schema } = blank;
        const pools = [blank.db, blank.openAnother()];
        // Kysely's own tables are created before the lock is taken: the race is there too.
        await blank.migrating(() =>
          Promise.all(pools.map((db) => migrateToLatest(db, { schema }))),
        );
        expect(await recordedMigrations(blank.db)).toEqual([...names].sort());
        await blank.destroy();
        blank = undefined;
      }
    }, 120_000);
  },
);
