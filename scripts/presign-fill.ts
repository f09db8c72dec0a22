// How much one address grows the database with presigns that never upload a byte: each presign
// sends the longest encryptedMetadata the server takes (for --file-count files, when given), on a
// SQLite file, with the default rate limits. Then the clock moves on an hour and a sweep runs.
//   npx tsx scripts/presign-fill.ts [--presigns 20] [--file-count N]
// Prints one JSON line: bytes the database file and its used pages grew by, rows left after the sweep.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createServer } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config/config';
import { createAppContext } from '../packages/server/src/context';
import { createDatabase, migrateToLatest } from '../packages/server/src/database/database';
import { createLocalStorageDriver } from '../packages/server/src/modules/storage/local.driver';
import { sweepExpired } from '../packages/server/src/modules/sweeper/sweeper';

const { values } = parseArgs({
  options: { presigns: { type: 'string', default: '20' }, 'file-count': { type: 'string' } },
});
const presigns = Number(values.presigns);
const fileCount = values['file-count'] === undefined ? undefined : Number(values['file-count']);

const dataDir = mkdtempSync(join(tmpdir(), 'sealdrop-fill-'));
const dbFile = join(dataDir, 'fill.db');
let now = Date.now();
const clock = () => new Date(now);
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SERVE_WEB: 'false' });
const db = createDatabase({ kind: 'sqlite', filename: dbFile });
await migrateToLatest(db);
const secret = randomBytes(32).toString('hex');
const storage = createLocalStorageDriver({ rootDir: join(dataDir, 'objects'), secret, now: clock });
const app = await createServer({ config, db, storage, secret, now: clock });

/** The file's size once the WAL is folded in, and the bytes its pages in use take. */
async function measure() {
  await sql`pragma wal_checkpoint(truncate)`.execute(db);
  const pragma = async (name: string) =>
    Number(Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0]);
  const pageSize = await pragma('page_size');
  const used = (await pragma('page_count')) - (await pragma('freelist_count'));
  return { file: statSync(dbFile).size, used: used * pageSize };
}

const presign = (encryptedMetadata: string) =>
  app.inject({
    method: 'POST',
    url: '/api/upload/presign',
    remoteAddress: '203.0.113.50',
    payload: {
      isEncrypted: true,
      size: 1000,
      encryptedMetadata,
      ...(fileCount === undefined ? {} : { fileCount }),
    },
  });

// The longest blob accepted: the ceiling (512 Ki characters), or less when the refusal says so.
let length = 512 * 1024;
const probe = await presign('A'.repeat(length));
const named = /at most (\d+) characters/.exec(probe.json().message ?? '');
if (probe.statusCode !== 200 && named) length = Number(named[1]);

const before = await measure();
const statuses: number[] = [];
for (let i = 0; i < presigns; i += 1)
  statuses.push(
    (await presign(randomBytes(length).toString('base64url').slice(0, length))).statusCode,
  );
const after = await measure();

now += 60 * 60 * 1000 + 1;
const ctx = createAppContext({ config, db, storage, secret, now: clock });
await sweepExpired({
  files: ctx.files,
  shortLinks: ctx.shortLinks,
  storage,
  // Run on an older tree (to compare), this is undefined and ignored.
  pendingUploads: ctx.uploads.pending,
  now: clock(),
});
const swept = await measure();
const left = await db
  .selectFrom('files')
  .select((eb) => eb.fn.countAll<number>().as('rows'))
  .executeTakeFirstOrThrow();

const MiB = (bytes: number) => Math.round((bytes / 1024 / 1024) * 1000) / 1000;
console.log(
  JSON.stringify({
    presigns,
    fileCount: fileCount ?? null,
    metadataChars: length,
    accepted: statuses.filter((status) => status === 200).length,
    grewMiB: { file: MiB(after.file - before.file), usedPages: MiB(after.used - before.used) },
    anHourLater: { rows: Number(left.rows), usedPagesOverStartMiB: MiB(swept.used - before.used) },
  }),
);
await app.close();
await db.destroy();
rmSync(dataDir, { recursive: true, force: true });
