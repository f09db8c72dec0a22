import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../../testing/databases';
import { insertReadyFile } from '../../testing/file-rows';
import { UNKEYED_MARKER, up } from './0017-forget-unkeyed-address-hashes';

/** How addresses were stored before they were keyed: reversible by trying every IPv4 address. */
const unkeyed = (ip: string) => createHash('sha256').update(ip).digest('base64url').slice(0, 32);

describeEachDatabase('forgetting unkeyed address hashes', (createDatabase) => {
  let database: TestDatabase;
  afterEach(() => database.destroy());

  it('leaves no unkeyed address hash in any table, and keeps every row that counts', async () => {
    database = await createDatabase();
    const { db } = database;
    const old = unkeyed('203.0.113.5');
    await db
      .insertInto('users')
      .values({
        id: 'owner',
        email: 'owner@example.com',
        password_hash: null,
        tier: 'free',
        solana_wallet: null,
        oidc_subject: null,
        email_verified: 1,
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    await db
      .insertInto('login_attempts')
      .values({ id: 'a1', email: 'owner@example.com', ip_hash: old, at: 1 })
      .execute();
    await insertReadyFile(db, {
      id: 'FileOne12345',
      owner_id: 'owner',
      created_at: 1,
      expires_at: 2,
      finalized_at: 1,
      uploader_ip_hash: old,
    });
    await db
      .insertInto('file_downloads')
      .values({
        id: 'd1',
        file_id: 'FileOne12345',
        ip_hash: old,
        user_id: null,
        visitor_hash: null,
        created_at: 1,
      })
      .execute();
    await db
      .insertInto('reward_claims')
      .values([
        { claim: `download:FileOne12345:ip:${old}`, file_id: 'FileOne12345', created_at: 1 },
        { claim: 'download:FileOne12345:user:reader', file_id: 'FileOne12345', created_at: 1 },
      ])
      .execute();
    const entry = { user_id: 'owner', amount: 1, reason: 'download_reward', created_at: 1 };
    await db
      .insertInto('ledger_entries')
      .values([
        { ...entry, id: 'l1', reference: `FileOne12345:ip:${old}` },
        { ...entry, id: 'l2', reference: 'FileOne12345:user:reader' },
        { ...entry, id: 'l3', reason: 'upload_reward', reference: 'FileOne12345', amount: 10 },
      ])
      .execute();

    // Migrations take an untyped database: they run against every past schema.
    const untyped = db as unknown as Kysely<unknown>;
    await up(untyped);
    await up(untyped);

    expect(await db.selectFrom('login_attempts').select('ip_hash').execute()).toEqual([
      { ip_hash: UNKEYED_MARKER },
    ]);
    expect(await db.selectFrom('file_downloads').select('ip_hash').execute()).toEqual([
      { ip_hash: UNKEYED_MARKER },
    ]);
    expect(await db.selectFrom('files').select('uploader_ip_hash').execute()).toEqual([
      { uploader_ip_hash: null },
    ]);
    expect(await db.selectFrom('reward_claims').select('claim').execute()).toEqual([
      { claim: 'download:FileOne12345:user:reader' },
    ]);
    const ledger = await db
      .selectFrom('ledger_entries')
      .select(['id', 'reference'])
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { id: 'l1', reference: `FileOne12345:ip:${UNKEYED_MARKER}-l1` },
      { id: 'l2', reference: 'FileOne12345:user:reader' },
      { id: 'l3', reference: 'FileOne12345' },
    ]);
  });
});
