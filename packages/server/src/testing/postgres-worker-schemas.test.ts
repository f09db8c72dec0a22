import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../database/schema';
import { DATABASES, type TestDatabase } from './databases';

const postgres = DATABASES.find((entry) => entry.name === 'postgres')!;

async function addUserWithSession(db: Database, id: string) {
  await db
    .insertInto('users')
    .values({
      id,
      email: `${id}@example.com`,
      password_hash: null,
      tier: 'free',
      solana_wallet: null,
      oidc_subject: null,
      email_verified: 0,
      created_at: 1,
      updated_at: 1,
    })
    .execute();
  await db
    .insertInto('sessions')
    .values({
      id: `${id}-session`,
      user_id: id,
      family_id: `${id}-session`,
      created_at: 1,
      expires_at: 2,
      revoked_at: null,
    })
    .execute();
}

const count = async (db: Database, table: 'users' | 'sessions' | 'feedback') =>
  (
    await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe.skipIf(!postgres.available)('PostgreSQL test databases on reused schemas', () => {
  const open: TestDatabase[] = [];
  const create = async () => {
    const database = await postgres.create();
    open.push(database);
    return database;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((database) => database.destroy()));
  });

  it('starts each database empty, rows that reference each other included', async () => {
    const first = await create();
    await addUserWithSession(first.db, 'ada');
    await first.destroy();
    const next = await create();
    expect(await count(next.db, 'users')).toBe(0);
    expect(await count(next.db, 'sessions')).toBe(0);
    await addUserWithSession(next.db, 'ada');
  });

  it('keeps two databases open at once apart', async () => {
    const one = await create();
    const two = await create();
    await addUserWithSession(one.db, 'ada');
    expect(await count(two.db, 'users')).toBe(0);
    await addUserWithSession(two.db, 'ada');
    expect(await count(one.db, 'sessions')).toBe(1);
  });

  it('migrates afresh a schema that a test changed', async () => {
    const broken = await create();
    await sql`drop table feedback`.execute(broken.db);
    await broken.destroy();
    const next = await create();
    expect(await count(next.db, 'feedback')).toBe(0);
  });

  it('leaves a schema to the test that holds it when another destroys its database twice', async () => {
    const first = await create();
    await first.destroy();
    const holder = await create();
    await first.destroy();
    const other = await create();
    await addUserWithSession(holder.db, 'ada');
    expect(await count(other.db, 'users')).toBe(0);
  });
});
