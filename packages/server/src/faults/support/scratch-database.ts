/**
 * A database of its own on the shared PostgreSQL, for tests that start several server processes
 * on one empty database; `drop` ends their connections and removes it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { POSTGRES_URL } from '../../testing/postgres-admin';

async function asAdmin(sql: string) {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createScratchDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await asAdmin(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => asAdmin(`drop database if exists ${name} with (force)`),
  };
}
