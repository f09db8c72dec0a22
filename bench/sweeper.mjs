// The expiry sweeper over a large backlog: `npm run sweep` (one pass, its own process, as an
// operator or a cron job runs it) on a database holding FILES expired files and LIVE live ones,
// on SQLite (a file in a fresh DATA_DIR) and on PostgreSQL (a database of its own). Every row is
// what presign and finalize write (a file row and its short link). Objects are not written: the
// local driver's delete of a missing object is the same unlink, and a million files on this disk
// would measure the file system, not the sweeper. Prints one JSON line per database.
//   node bench/sweeper.mjs [--databases sqlite,postgres] [--files 1000000] [--live 100000]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { runNode } from '../scripts/app-process.mjs';
import { createScratchDatabase } from '../scripts/scratch-postgres.mjs';
import { listFlag, parseFlags, round, toMiB } from './lib/args.mjs';
import { startSampling } from './lib/processes.mjs';

const flags = parseFlags(process.argv.slice(2));
const databases = listFlag(flags, 'databases', 'sqlite,postgres', ['sqlite', 'postgres']);
const expired = Number(flags.files ?? 1_000_000);
const live = Number(flags.live ?? 100_000);
const DAY = 24 * 60 * 60 * 1000;

const log = (message) => console.error(`[sweeper] ${message}`);

/** `npm run sweep` (tsx on the sources, as the npm script runs it): time, peak RSS, output. */
async function sweepOnce(env) {
  const logs = [];
  const started = Date.now();
  const running = runNode(['--import', 'tsx', 'packages/server/src/sweep.ts'], env, logs);
  const sampler = startSampling({ sweep: { pid: running.child.pid } }, 100);
  const code = await running.exited;
  const seconds = (Date.now() - started) / 1000;
  const { peaks } = sampler.stop();
  const output = logs.join('');
  if (code !== 0) throw new Error(`npm run sweep exited with ${code}:\n${output}`);
  const swept = Number(/swept (\d+) files/.exec(output)?.[1] ?? Number.NaN);
  return { seconds, peakRss: /** @type {{ rss: number }} */ (peaks.sweep).rss, swept };
}

/** Row i: expired (i < expired) a day ago, spread over the day; or live for another day. */
function fileRow(i, now) {
  const id = `bench${String(i).padStart(9, '0')}`;
  const createdAt = i < expired ? now - 2 * DAY + (i % 86_400) * 1000 : now - 1000;
  return { id, key: `files/${id}/object`, createdAt, expiresAt: createdAt + DAY };
}

function fillSqlite(filename, now) {
  const db = new SQLite(filename);
  const file = db.prepare(
    `insert into files (id, object_key, original_name, content_type, size, object_size,
       is_encrypted, status, created_at, expires_at, finalized_at)
     values (?, ?, 'report.pdf', 'application/pdf', 1000, 1000, 0, 'ready', ?, ?, ?)`,
  );
  const link = db.prepare(
    `insert into short_links (code, file_id, original_name, clicks, created_at, expires_at)
     values (?, ?, 'report.pdf', 0, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < expired + live; i += 1) {
      const row = fileRow(i, now);
      file.run(row.id, row.key, row.createdAt, row.expiresAt, row.createdAt + 1000);
      link.run(row.id, row.id, row.createdAt, row.expiresAt);
    }
  })();
  const left = () =>
    Number(/** @type {{ n: number }} */ (db.prepare('select count(*) as n from files').get()).n);
  return { left, close: () => db.close() };
}

async function fillPostgres(url, now) {
  const client = new pg.Client({ connectionString: url });
  // Dropping the database at the end ends this session; that is no failure.
  client.on('error', () => {});
  await client.connect();
  // The same rows as fileRow(), made by the server in one statement per table.
  const rows = `select 'bench' || lpad(i::text, 9, '0') as id,
      case when i < $1::int then $3::bigint - 2 * $4::bigint + (i % 86400) * 1000
           else $3::bigint - 1000 end as created_at
    from generate_series(0, $1::int + $2::int - 1) as i`;
  const values = [expired, live, now, DAY];
  await client.query(
    `insert into files (id, object_key, original_name, content_type, size, object_size,
       is_encrypted, status, created_at, expires_at, finalized_at)
     select id, 'files/' || id || '/object', 'report.pdf', 'application/pdf', 1000, 1000, 0,
       'ready', created_at, created_at + $4::bigint, created_at + 1000 from (${rows}) as r`,
    values,
  );
  await client.query(
    `insert into short_links (code, file_id, original_name, clicks, created_at, expires_at)
     select id, id, 'report.pdf', 0, created_at, created_at + $4::bigint from (${rows}) as r`,
    values,
  );
  await client.query('analyze');
  const left = async () =>
    Number((await client.query('select count(*) as n from files')).rows[0].n);
  return { left, close: () => client.end() };
}

let failed = false;
for (const database of databases) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sealdrop-bench-sweeper-'));
  const pgDatabase =
    database === 'postgres' ? await createScratchDatabase('sealdrop_bench') : undefined;
  const env = { DATA_DIR: dataDir, ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}) };
  try {
    log(`${database}: migrating, and a pass over an empty database (the baseline)`);
    const idle = await sweepOnce(env);
    log(`${database}: writing ${expired} expired and ${live} live files`);
    const now = Date.now();
    const filled = pgDatabase
      ? await fillPostgres(pgDatabase.url, now)
      : fillSqlite(join(dataDir, 'sealdrop.db'), now);
    log(`${database}: sweeping`);
    const pass = await sweepOnce(env);
    const left = await filled.left();
    await filled.close();
    const row = {
      kind: 'sweep',
      database,
      expiredFiles: expired,
      liveFiles: live,
      swept: pass.swept,
      filesLeft: left,
      seconds: round(pass.seconds, 1),
      filesPerSecond: round(pass.swept / pass.seconds, 0),
      peakRssMiB: toMiB(pass.peakRss),
      idleSeconds: round(idle.seconds, 1),
      idlePeakRssMiB: toMiB(idle.peakRss),
    };
    console.log(JSON.stringify(row));
    if (pass.swept !== expired || left !== live) failed = true;
  } finally {
    await pgDatabase?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (failed) {
  console.error('[sweeper] the pass did not sweep exactly the expired files; see the rows above');
  process.exit(1);
}
