// A PostgreSQL database of the bench's own, created for a run and dropped after it, on the server
// at DATABASE_URL_TEST (the tests' default: the local one).
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

/** Returns the new database's URL and a drop(). */
export async function createPostgresDatabase() {
  const name = `sealdrop_bench_${randomBytes(4).toString('hex')}`;
  await onAdmin(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: () => onAdmin(`drop database if exists ${name} with (force)`),
  };
}
