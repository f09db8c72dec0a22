// The end checks that need the running system: every acknowledged upload downloads with its
// bytes, deleted, spent and expired links answer 404, accounts sign in, feedback and reports are
// stored, and after a final sweep the store and the database agree object for object.
import pg from 'pg';
import { runNode } from '../../scripts/app-process.mjs';
import { ApiError, call, receive } from './client.mjs';
import { BUCKET } from './topology.mjs';

const isNotFound = (error) =>
  (error instanceof ApiError && error.status === 404) ||
  /not found|expired|no longer/i.test(String(error?.message));

async function expectGone(origin, fileId) {
  try {
    await call(origin, `/files/${fileId}/info`);
    return false;
  } catch (caught) {
    const error = /** @type {any} */ (caught);
    if (isNotFound(error)) return true;
    throw error;
  }
}

/** Runs `task` over `items`, `width` at a time. */
async function eachLimited(items, width, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

/** One pass of `npm run sweep` (packages/server/src/sweep.ts) beside the running servers. */
export async function finalSweep(topology) {
  const run = runNode(['--import', 'tsx', 'packages/server/src/sweep.ts'], {
    ...topology.serverEnv,
    DATABASE_URL: topology.databaseUrl,
    S3_ENDPOINT: topology.s3Endpoint,
  });
  const code = await run.exited;
  const output = run.logs.join('').trim();
  if (code !== 0) throw new Error(`npm run sweep exited ${code}: ${output}`);
  return output.split('\n').at(-1) ?? '';
}

/** Every key in the bucket, straight from s3rver (ListObjectsV2, page by page). */
async function storedKeys(s3Endpoint) {
  const keys = [];
  let token = '';
  for (;;) {
    const query = new URLSearchParams({ 'list-type': '2', 'max-keys': '1000' });
    if (token) query.set('continuation-token', token);
    const xml = await (await fetch(`${s3Endpoint}/${BUCKET}?${query}`)).text();
    for (const match of xml.matchAll(/<Key>([^<]*)<\/Key>/g))
      keys.push(String(match[1]).replaceAll('&amp;', '&'));
    token = /<NextContinuationToken>([^<]*)</.exec(xml)?.[1] ?? '';
    if (!token) return keys;
  }
}

export async function verify({ topology, ledger, stats }) {
  const origin = topology.balancer.origin;
  const work = topology.work;
  /** @type {string[]} */
  const mismatched = [];
  /** @type {string[]} */
  const stillThere = [];
  /** @type {string[]} */
  const wrongCount = [];
  const result = {
    downloaded: { files: 0, links: 0, bytes: 0, mismatched },
    gone: { deleted: 0, expired: 0, spent: 0, stillThere },
    limited: { checked: 0, wrongCount },
  };
  const now = Date.now();
  await eachLimited(ledger.uploads, 2, async (entry) => {
    try {
      if (entry.deleted || entry.expiresAt <= now) {
        const kind = entry.deleted ? 'deleted' : 'expired';
        if (await expectGone(origin, entry.fileId)) result.gone[kind] += 1;
        else result.gone.stillThere.push(`${kind} ${entry.fileId}`);
        return;
      }
      if (entry.limit) {
        const info = await call(origin, `/files/${entry.fileId}/info`);
        result.limited.checked += 1;
        if (info.downloadsLeft !== entry.limit - entry.downloads) {
          result.limited.wrongCount.push(
            `${entry.fileId}: ${info.downloadsLeft} left, expected ${entry.limit - entry.downloads}`,
          );
        }
      }
      await receive(stats, work, entry, { name: 'final get' });
      result.downloaded.links += 1;
      result.downloaded.files += entry.files.length;
      result.downloaded.bytes += entry.files.reduce((sum, file) => sum + file.size, 0);
      if (entry.limit && entry.downloads + 1 >= entry.limit) {
        // That was its last download: the link is spent now.
        if (await expectGone(origin, entry.fileId)) result.gone.spent += 1;
        else result.gone.stillThere.push(`spent ${entry.fileId}`);
      }
    } catch (caught) {
      const error = /** @type {any} */ (caught);
      result.downloaded.mismatched.push(
        `${entry.kind} ${entry.fileId}: ${error?.message ?? error}`,
      );
    }
  });

  const db = new pg.Client({ connectionString: topology.databaseUrl });
  await db.connect();
  try {
    const emails = ledger.accounts.map((account) => account.email);
    const users = await db.query('select email from users where email = any($1)', [emails]);
    let signIns = 0;
    const signInFailures = [];
    for (const { email, password } of ledger.accounts) {
      try {
        await call(origin, '/auth/login', { method: 'POST', body: { email, password } });
        signIns += 1;
      } catch (caught) {
        const error = /** @type {any} */ (caught);
        signInFailures.push(`${email}: ${error?.message}`);
      }
    }
    const feedback = await db.query(
      'select distinct message from feedback where message = any($1)',
      [ledger.feedback],
    );
    const reports = await db.query('select distinct details from reports where details = any($1)', [
      ledger.reports.map((report) => report.details),
    ]);
    const ledgerEntries = await db.query('select count(*)::int as n from ledger_entries');

    const sweep = await finalSweep(topology);
    const rows = (await db.query('select id, object_key, status, expires_at from files')).rows;
    const keys = new Set(await storedKeys(topology.s3Endpoint));
    const rowKeys = new Set(rows.map((row) => row.object_key));
    const objectsWithoutRow = [...keys].filter((key) => !rowKeys.has(key));
    const readyWithoutObject = rows.filter(
      (row) => row.status === 'ready' && !keys.has(row.object_key),
    );
    const expiredRows = rows.filter((row) => Number(row.expires_at) <= Date.now());
    const statuses = {};
    for (const row of rows) statuses[row.status] = (statuses[row.status] ?? 0) + 1;
    return {
      ...result,
      accounts: {
        acknowledged: ledger.accounts.length,
        stored: users.rowCount,
        signIns,
        signInFailures,
      },
      feedback: { acknowledged: ledger.feedback.length, stored: feedback.rowCount },
      reports: { acknowledged: ledger.reports.length, stored: reports.rowCount },
      ledgerEntries: ledgerEntries.rows[0].n,
      sweep,
      store: {
        objects: keys.size,
        rows: rows.length,
        statuses,
        objectsWithoutRow,
        readyWithoutObject: readyWithoutObject.map((row) => row.id),
        expiredRows: expiredRows.map((row) => row.id),
      },
    };
  } finally {
    await db.end();
  }
}
