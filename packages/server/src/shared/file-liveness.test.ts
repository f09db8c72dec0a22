import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Database } from '../database/schema';
import type { FileRow } from '../modules/files/files.repository';
import { describeEachDatabase, type TestDatabase } from '../testing/databases';
import { type FileStatus, isLive, type LiveNeed, whereExpired, whereLive } from './file-liveness';

const NOW = 1_800_000_000_000;

/** One row for every combination the rule reads: state, expiry, removal, downloads left. */
function everyKindOfFile(): FileRow[] {
  const rows: FileRow[] = [];
  for (const status of ['pending', 'scanning', 'ready'] as const)
    for (const expires_at of [NOW - 1, NOW, NOW + 1])
      for (const removed_at of [null, NOW - 5])
        for (const [download_limit, download_count] of [
          [null, 0],
          [null, 7],
          [2, 1],
          [2, 2],
          [2, 3],
        ] as const)
          rows.push(
            fileRow(rows.length, {
              status,
              expires_at,
              removed_at,
              download_limit,
              download_count,
            }),
          );
  return rows;
}

function fileRow(
  n: number,
  life: Pick<FileRow, 'status' | 'expires_at' | 'removed_at' | 'download_limit' | 'download_count'>,
): FileRow {
  const id = `file${String(n).padStart(4, '0')}`;
  return {
    id,
    object_key: `objects/${id}`,
    original_name: 'a.txt',
    content_type: 'text/plain',
    size: 1,
    object_size: 1,
    is_encrypted: 0,
    upload_id: null,
    owner_id: null,
    created_at: NOW - 10,
    finalized_at: null,
    sweep_claimed_until: null,
    uploader_ip_hash: null,
    encrypted_metadata: null,
    bytes_seen_at: null,
    removed_reason: life.removed_at === null ? null : 'terms',
    scan_claimed_until: null,
    scan_attempts: 0,
    malware_signature: null,
    progress_bytes: null,
    progress_at: null,
    ...life,
  };
}

const NEEDS: LiveNeed[] = [
  {},
  { status: 'ready' },
  { status: 'pending' },
  { status: ['pending', 'scanning'] as FileStatus[] },
  { removed: true },
  { status: 'ready', unspent: true },
  { status: 'scanning', removed: true },
];

it('counts a file live only before its expiry, while not removed, in a needed state, with downloads left when asked', () => {
  const ready = fileRow(0, {
    status: 'ready',
    expires_at: NOW + 1,
    removed_at: null,
    download_limit: 2,
    download_count: 1,
  });
  expect(isLive(ready, NOW)).toBe(true);
  expect(isLive({ ...ready, expires_at: NOW }, NOW)).toBe(false);
  expect(isLive({ ...ready, removed_at: NOW - 1 }, NOW)).toBe(false);
  expect(isLive({ ...ready, removed_at: NOW - 1 }, NOW, { removed: true })).toBe(true);
  expect(isLive(ready, NOW, { status: 'pending' })).toBe(false);
  expect(isLive(ready, NOW, { status: ['pending', 'ready'] })).toBe(true);
  expect(isLive({ ...ready, download_count: 2 }, NOW)).toBe(true);
  expect(isLive({ ...ready, download_count: 2 }, NOW, { unspent: true })).toBe(false);
});

describeEachDatabase('the liveness query', (createDatabase) => {
  let test: TestDatabase;
  let db: Database;
  const rows = everyKindOfFile();
  beforeEach(async () => {
    test = await createDatabase();
    db = test.db;
    await db.insertInto('files').values(rows).execute();
  });
  afterEach(() => test.destroy());

  const ids = (found: { id: string }[]) => found.map((row) => row.id).sort();

  it.each(NEEDS)(
    'selects exactly the rows the predicate calls live, for the need %j',
    async (need) => {
      const selected = await db
        .selectFrom('files')
        .select('id')
        .where(whereLive(NOW, need))
        .execute();
      const expected = rows.filter((row) => isLive(row, NOW, need)).map((row) => row.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(ids(selected)).toEqual(expected.sort());
    },
  );

  it('works in an update and in a subquery of another table', async () => {
    const need: LiveNeed = { status: 'ready', unspent: true };
    const updated = await db
      .updateTable('files')
      .set((eb) => ({ download_count: eb('download_count', '+', 0) }))
      .where(whereLive(NOW, need))
      .executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(
      rows.filter((row) => isLive(row, NOW, need)).length,
    );
    const [counted] = await db
      .selectNoFrom((eb) =>
        eb
          .selectFrom('files')
          .select(eb.fn.countAll<number>().as('n'))
          .where(whereLive(NOW))
          .as('live'),
      )
      .execute();
    expect(Number(counted?.live)).toBe(rows.filter((row) => isLive(row, NOW)).length);
  });

  it('selects as expired exactly the rows past their expiry', async () => {
    const selected = await db.selectFrom('files').select('id').where(whereExpired(NOW)).execute();
    expect(ids(selected)).toEqual(
      rows
        .filter((row) => row.expires_at <= NOW)
        .map((row) => row.id)
        .sort(),
    );
  });
});
