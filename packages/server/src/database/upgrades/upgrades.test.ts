/**
 * A database made by the build of any past state opens with today's build and keeps every link
 * working: every link resolves and downloads the same bytes, accounts sign in with the same
 * balances, wallets, files and feedback (upgrade-checks.ts).
 *
 * - One chain from the oldest state: one migration at a time, each state's data (fills.ts)
 *   written right after its migration, no row lost at any step; then today's server serves it all.
 * - One scenario per state: the migrations up to it with the data of the states up to it, then
 *   the rest in one run, as a start of today's build runs them.
 * A migration added later is run by the chain and by every scenario before it, and brings a
 * scenario of its own; nothing here needs editing for it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createLocalStorageDriver } from '../../modules/storage/local.driver';
import type { BlankDatabase } from '../../testing/blank-databases';
import { describeEachDatabase } from '../../testing/databases';
import { createTestClock, createTestServer } from '../../testing/test-server';
import { createFillContext, type Expectations, HOUR } from './fill-context';
import { STATES } from './fills';
import { buildPastState, upgradeToLatest } from './upgrade-chain';
import { checkUpgraded } from './upgrade-checks';

/** Today's server on an upgraded database, its objects where the local driver keeps them. */
export async function serveUpgraded(input: {
  database: Pick<BlankDatabase, 'db' | 'destroy'>;
  objectsRoot: string;
  madeAt: number;
  expected: Expectations;
}) {
  const clock = createTestClock(input.madeAt + HOUR);
  return createTestServer({
    database: input.database,
    clock,
    storage: createLocalStorageDriver({
      rootDir: input.objectsRoot,
      secret: 'l'.repeat(32),
      now: clock.now,
    }),
    env: { RATE_LIMIT_ENABLED: 'false', ADMIN_EMAILS: input.expected.admins.join(',') },
  });
}

/** Only login_failures was ever dropped, by the migration that replaced it with login_attempts. */
const DROPPED_ON_PURPOSE = ['login_failures'];

async function upgradeAndCheck(
  createBlank: () => Promise<BlankDatabase>,
  build: (blank: BlankDatabase, ctx: ReturnType<typeof createFillContext>) => Promise<string[]>,
  seed: string,
): Promise<void> {
  const blank = await createBlank();
  const objectsRoot = mkdtempSync(join(tmpdir(), 'sealdrop-upgrade-'));
  const madeAt = Date.now();
  const ctx = createFillContext({ seed, now: madeAt, objectsRoot });
  let server: Awaited<ReturnType<typeof serveUpgraded>> | undefined;
  try {
    const dropped = await blank.migrating(() => build(blank, ctx));
    expect(dropped.filter((table) => !DROPPED_ON_PURPOSE.includes(table))).toEqual([]);
    server = await serveUpgraded({ database: blank, objectsRoot, madeAt, expected: ctx.expected });
    await checkUpgraded(server, ctx.expected);
  } finally {
    if (server) await server.close();
    else await blank.destroy();
    rmSync(objectsRoot, { recursive: true, force: true });
  }
}

describeEachDatabase('upgrades from every past state', (_createDatabase, createBlank) => {
  const latest = STATES[STATES.length - 1] as string;

  it('one migration at a time from the oldest state, each state writing its data, loses no row and breaks no link', async () => {
    await upgradeAndCheck(
      createBlank,
      (blank, ctx) => buildPastState(blank, ctx, latest, { stepByStep: true }),
      'chain',
    );
  }, 60_000);

  // Tried twice: once in a full CI run on PostgreSQL, migrating a blank schema to 0007 failed with
  // `relation "<schema>.feedback" does not exist` while other test files used the same database;
  // it passed alone and in every other run. Not explained yet (docs/reliability.md, Upgrades).
  for (const state of STATES.slice(0, -1)) {
    it(`a database made at ${state} upgrades in one start: its links download, its accounts sign in`, {
      retry: 1,
      timeout: 60_000,
    }, async () => {
      await upgradeAndCheck(
        createBlank,
        async (blank, ctx) => [
          ...(await buildPastState(blank, ctx, state)),
          ...(await upgradeToLatest(blank)),
        ],
        state,
      );
    });
  }
});
