/**
 * `npm run fixture:upgrade`: makes the committed upgrade fixture (fixture.ts says what it is)
 * again. Needs PostgreSQL at DATABASE_URL_TEST (default the local server) and pg_dump; creates a
 * database of its own for the dump and drops it. The same seed and clock give both databases the
 * same ids, bytes and links, so one manifest serves both.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import SQLite from 'better-sqlite3';
import { createScratchDatabase } from '../../../../../scripts/scratch-postgres.mjs';
import { createDatabase } from '../database';
import { createFillContext, type FillContext } from './fill-context';
import {
  FIXTURE_DATA_DIR,
  FIXTURE_DIR,
  FIXTURE_MANIFEST,
  FIXTURE_POSTGRES_DUMP,
  FIXTURE_STATE,
  type FixtureManifest,
} from './fixture';
import { buildPastState } from './upgrade-chain';

const SEED = 'sealdrop upgrade fixture';
// Whole seconds: the manifest's time reads back exactly.
const madeAt = Math.floor(Date.now() / 1000) * 1000;
const context = (objectsRoot: string) =>
  createFillContext({ seed: SEED, now: madeAt, objectsRoot });

async function makeSqlite(): Promise<FillContext> {
  const filename = join(FIXTURE_DATA_DIR, 'sealdrop.db');
  const ctx = context(join(FIXTURE_DATA_DIR, 'objects'));
  const db = createDatabase({ kind: 'sqlite', filename });
  await buildPastState({ db }, ctx, FIXTURE_STATE);
  await db.destroy();
  // One self-contained file: the write-ahead log folded in, free pages dropped.
  const sqlite = new SQLite(filename);
  sqlite.pragma('journal_mode = DELETE');
  sqlite.exec('VACUUM');
  sqlite.close();
  return ctx;
}

async function makePostgresDump(): Promise<FillContext> {
  const scratch = mkdtempSync(join(tmpdir(), 'sealdrop-fixture-'));
  const database = await createScratchDatabase('sealdrop_fixture');
  try {
    const ctx = context(scratch);
    const db = createDatabase({ kind: 'postgres', connectionString: database.url });
    await buildPastState({ db }, ctx, FIXTURE_STATE);
    await db.destroy();
    const dump = execFileSync(
      'pg_dump',
      ['--no-owner', '--no-privileges', '--column-inserts', database.url],
      { encoding: 'utf8' },
    );
    // psql meta-commands (recent pg_dump writes \restrict lines): the test runs plain SQL.
    const plain = dump
      .split('\n')
      .filter((line) => !line.startsWith('\\'))
      .join('\n');
    writeFileSync(FIXTURE_POSTGRES_DUMP, plain);
    return ctx;
  } finally {
    await database.drop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

rmSync(FIXTURE_DIR, { recursive: true, force: true });
mkdirSync(FIXTURE_DATA_DIR, { recursive: true });
const sqlite = await makeSqlite();
const postgres = await makePostgresDump();
if (!isDeepStrictEqual(sqlite.expected, postgres.expected))
  throw new Error('the SQLite and PostgreSQL fixtures differ: fills must depend only on the seed');
// Builds of this state generated their secret into DATA_DIR/secret; today's adopts it.
const secret = createHash('sha256').update(`${SEED}:secret`).digest('base64url');
writeFileSync(join(FIXTURE_DATA_DIR, 'secret'), `${secret}\n`);
const manifest: FixtureManifest = {
  state: FIXTURE_STATE,
  madeAt,
  expected: { ...sqlite.expected, storedSecret: secret },
};
writeFileSync(FIXTURE_MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
// In Biome's layout, so `npm run lint` passes on the committed manifest.
const root = fileURLToPath(new URL('../../../../../', import.meta.url));
execFileSync(process.execPath, [
  join(root, 'node_modules/@biomejs/biome/bin/biome'),
  'format',
  '--write',
  FIXTURE_MANIFEST,
]);
console.log(`upgrade fixture at ${FIXTURE_STATE} written to ${FIXTURE_DIR}`);
