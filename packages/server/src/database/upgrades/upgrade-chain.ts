/**
 * Builds a database as it was at a past state (the migrations up to it, each fill right after the
 * migration it names) and upgrades it, checking after each run of the migrator that no row was
 * lost: a migration that rebuilds a table (SQLite cannot alter a column in place) and forgets rows
 * is named.
 */
import type { Kysely } from 'kysely';
import { assertMigrated, createMigrator } from '../database';
import type { Database } from '../schema';
import type { FillContext, PastDatabase } from './fill-context';
import { FILLS, STATES } from './fills';

export interface MigratableDatabase {
  db: Database;
  /** PostgreSQL: the schema that holds the tables and Kysely's bookkeeping. */
  schema?: string;
}

/**
 * A migration that deletes rows on purpose lists the tables here, with why; any other shrinking
 * table fails the upgrade tests.
 */
const DELIBERATE_DELETIONS: Record<string, string[]> = {
  // Reward claims by unkeyed address hashes could never match a visitor again; the ledger keeps
  // every credit (its reference rewritten), so no balance changes.
  '0017-forget-unkeyed-address-hashes': ['reward_claims'],
};

const past = (db: Database) => db as unknown as PastDatabase;

async function rowCounts(target: MigratableDatabase): Promise<Map<string, number>> {
  const db = target.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const tables = (await db.introspection.getTables()).filter(
    (table) => !target.schema || table.schema === target.schema,
  );
  const counts = new Map<string, number>();
  for (const { name } of tables) {
    const row = await db
      .selectFrom(name)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    counts.set(name, Number(row.count));
  }
  return counts;
}

/**
 * Runs the migrator once (to `state`, or to the latest) and compares every table's rows before
 * and after: throws naming the migrations and table when a table still there has fewer rows.
 * Returns the tables the run dropped.
 */
async function migrateKeepingRows(target: MigratableDatabase, state?: string): Promise<string[]> {
  const migrator = createMigrator(target.db, { schema: target.schema });
  const before = await rowCounts(target);
  const result = state ? await migrator.migrateTo(state) : await migrator.migrateToLatest();
  assertMigrated(result);
  const ran = (result.results ?? []).map((each) => each.migrationName);
  const after = await rowCounts(target);
  const dropped: string[] = [];
  for (const [table, count] of before) {
    const now = after.get(table);
    if (now === undefined) dropped.push(table);
    else if (now < count && !ran.some((name) => DELIBERATE_DELETIONS[name]?.includes(table)))
      throw new Error(
        `migrations ${ran.join(', ')} lost ${count - now} of the ${count} rows of ${table}`,
      );
  }
  return dropped;
}

/**
 * Migrates a blank database to `state`, writing each fill right after its migration. `stepByStep`
 * runs one migration at a time, so a lost row is blamed on the one migration that lost it;
 * otherwise the migrator jumps from one fill's state to the next. Returns the tables dropped.
 */
export async function buildPastState(
  target: MigratableDatabase,
  ctx: FillContext,
  state: string,
  options: { stepByStep?: boolean } = {},
): Promise<string[]> {
  const last = STATES.indexOf(state);
  if (last < 0) throw new Error(`unknown state ${state}`);
  const stops = STATES.slice(0, last + 1).filter(
    (name, index) =>
      options.stepByStep || index === last || FILLS.some((fill) => fill.after === name),
  );
  const dropped: string[] = [];
  for (const name of stops) {
    dropped.push(...(await migrateKeepingRows(target, name)));
    for (const fill of FILLS.filter((each) => each.after === name)) {
      await fill.write(past(target.db), ctx);
    }
  }
  return dropped;
}

/** What a start of today's build does (one run of every pending migration), keeping every row. */
export function upgradeToLatest(target: MigratableDatabase): Promise<string[]> {
  return migrateKeepingRows(target);
}
