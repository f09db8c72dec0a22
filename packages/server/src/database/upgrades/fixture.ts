/**
 * The committed upgrade fixture (fixture/): what an installation made by an old build holds, kept
 * as files so that it does not depend on today's migrations or fills staying as they are.
 *
 * - `fixture/data/` is a DATA_DIR: `sealdrop.db` (SQLite), `objects/` (the local driver's
 *   objects) and `secret` (where builds before the shared server secret kept the one they made);
 * - `fixture/postgres.sql`: the same rows from PostgreSQL, by pg_dump (plain SQL, one INSERT a
 *   row), restored into a database of its own;
 * - `fixture/manifest.json`: the state, when it was made, and what must still be true of its rows.
 *
 * Made by `npm run fixture:upgrade` (make-fixture.ts) at FIXTURE_STATE: the oldest state that
 * holds every kind of data a link or an account depends on (files, short links, accounts, wallet
 * links, the reward ledger, feedback). Older states are covered by upgrades.test.ts.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Expectations } from './fill-context';

export const FIXTURE_STATE = '0005-wallet';
export const FIXTURE_DIR = fileURLToPath(new URL('./fixture/', import.meta.url));
export const FIXTURE_DATA_DIR = `${FIXTURE_DIR}data`;
export const FIXTURE_POSTGRES_DUMP = `${FIXTURE_DIR}postgres.sql`;
export const FIXTURE_MANIFEST = `${FIXTURE_DIR}manifest.json`;

export interface FixtureManifest {
  state: string;
  /** Epoch ms the fills took as "now": the check runs an hour after it, on a test clock. */
  madeAt: number;
  expected: Expectations;
}

export function readFixtureManifest(): FixtureManifest {
  return JSON.parse(readFileSync(FIXTURE_MANIFEST, 'utf8')) as FixtureManifest;
}
