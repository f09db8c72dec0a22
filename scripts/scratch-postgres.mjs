// A PostgreSQL database of a run's own, created whole and dropped whole, on the server at
// DATABASE_URL_TEST (the tests' default: the local one). The one copy shared by the fault tests
// that start several processes on one database, the upgrade fixture's maker and the benches.
// Plain JavaScript so that benches run it without a transpiler; its types are in
// scratch-postgres.d.mts.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const POSTGRES_URL =
  process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';

async function onAdmin(query) {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

/** A new database named `prefix` and a random suffix: its URL, and drop(), which ends its connections. */
export async function createScratchDatabase(prefix) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await onAdmin(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: () => onAdmin(`drop database if exists ${name} with (force)`),
  };
}
