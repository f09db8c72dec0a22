// Turns what the soak saw into the checks table: each row a check, what was measured, pass/fail.
import { table } from '../lib/markdown.mjs';
import { quantile, serverErrorsOutside, slopePerTenMinutes } from '../lib/soak-checks.mjs';

const MiB = 1024 * 1024;
/** A 5xx this long after a fault ended still belongs to it (clients reconnecting, pools refilling). */
export const GRACE_MS = 15_000;
/** Memory of a process that lived this long is judged by its slope; shorter lives only by peak. */
const SLOPE_MIN_LIFE_MS = 180_000;
/** Samples of a process's first minute (warming up: JIT, pools, caches) are left out of its slope. */
const WARM_UP_MS = 60_000;
/** What counts as creeping: more than this many MiB of resident memory per 10 minutes. */
const SLOPE_LIMIT_MIB = 50;

const mib = (bytes) => (bytes / MiB).toFixed(1);

function memoryRows(servers, samples) {
  const rows = [];
  let ok = true;
  for (const server of servers) {
    for (const life of server.lives) {
      const own = samples.filter((s) => s.pid === life.pid);
      if (!own.length) continue;
      const span = own.at(-1).at - own[0].at;
      const warm = own.filter((s) => s.at - own[0].at >= WARM_UP_MS);
      const slope =
        span >= SLOPE_MIN_LIFE_MS
          ? slopePerTenMinutes(warm.map((s) => ({ at: s.at, value: s.rss / MiB })))
          : null;
      const heapSlope =
        span >= SLOPE_MIN_LIFE_MS
          ? slopePerTenMinutes(warm.map((s) => ({ at: s.at, value: s.heap / MiB })))
          : null;
      const lags = own.map((s) => s.lagP99 * 1000);
      const pass = slope === null || slope < SLOPE_LIMIT_MIB;
      ok &&= pass;
      rows.push({
        label: `server ${server.name}, pid ${life.pid} (${(span / 60_000).toFixed(1)} min${life.ended ? ', then killed' : ''})`,
        text:
          `RSS peak ${mib(Math.max(...own.map((s) => s.rss)))} MiB; slope ${slope === null ? 'n/a (lived < 3 min)' : `${slope.toFixed(1)} MiB/10 min`}` +
          `${heapSlope === null ? '' : ` (heap ${heapSlope.toFixed(1)})`}; event-loop lag p99 ${quantile(lags, 0.99)?.toFixed(1)} ms (worst 5-s window ${Math.max(...lags).toFixed(1)} ms, median ${quantile(lags, 0.5)?.toFixed(1)} ms)`,
        pass,
      });
    }
  }
  return { rows, ok };
}

export function summarize({
  crashes,
  restarts,
  minutes,
  users,
  runMs,
  requests,
  answers,
  windows,
  servers,
  samples,
  stats,
  ledger,
  checked,
}) {
  const live = ledger.uploads.filter((u) => !u.deleted && u.expiresAt > Date.now());
  const kinds = {};
  for (const upload of ledger.uploads) kinds[upload.kind] = (kinds[upload.kind] ?? 0) + 1;
  const outside = serverErrorsOutside(answers, windows, GRACE_MS);
  const serverErrors = answers.filter((a) => a.status >= 500).length;
  const ops = Object.values(stats.ops);
  const opCount = ops.reduce((sum, op) => sum + op.ok + op.failed, 0);
  const retries = ops.reduce((sum, op) => sum + op.retries, 0);
  const failed = ops.reduce((sum, op) => sum + op.failed, 0);
  const memory = memoryRows(servers, samples);
  const faultCount = (kind) => windows.filter((w) => w.kind === kind).length;
  const { downloaded, gone, limited, accounts, feedback, reports, store } = checked;
  const rows = [
    {
      check: 'Traffic',
      result: `${minutes} min, ${users} users + 1 sending large files; ${requests} API requests through the balancer; ${ledger.uploads.length} uploads finalized (${Object.entries(
        kinds,
      )
        .map(([k, n]) => `${n} ${k}`)
        .join(', ')}); ${ledger.rangeResumes} downloads resumed with Range`,
      pass: ledger.uploads.length > 0 && ledger.rangeResumes > 0,
    },
    {
      check: 'Faults',
      result: `${faultCount('kill')} × kill -9 of server b + restart (kill to healthy: ${restarts.map((ms) => (ms / 1000).toFixed(0)).join(', ')} s); Redis restarted ${faultCount('redis')} ×; PostgreSQL cut ${faultCount('postgres')} × 10 s; store stalled ${faultCount('store')} × 20 s`,
      pass:
        faultCount('kill') >= 1 &&
        faultCount('redis') === 1 &&
        faultCount('postgres') === 1 &&
        faultCount('store') === 1,
    },
    {
      check: 'No server process ended by itself',
      result: crashes.length
        ? crashes.map((c) => `server ${c.server} pid ${c.pid} exited ${c.code}`).join('; ')
        : 'none (only the scheduled kills)',
      pass: crashes.length === 0,
    },
    {
      check: 'Every finalized upload downloads with identical bytes',
      result: `${downloaded.links} of ${live.length} live links, ${downloaded.files} files, ${mib(downloaded.bytes)} MiB identical (SHA-256)${downloaded.mismatched.length ? `; FAILED: ${downloaded.mismatched.slice(0, 5).join('; ')}` : ''}`,
      pass: downloaded.mismatched.length === 0 && downloaded.links === live.length,
    },
    {
      check: 'Deleted, expired and spent links are gone',
      result: `${gone.deleted} deleted, ${gone.expired} expired, ${gone.spent} spent: 404${gone.stillThere.length ? `; still there: ${gone.stillThere.slice(0, 5).join(', ')}` : ''}`,
      pass: gone.stillThere.length === 0,
    },
    {
      check: 'No acknowledged account lost',
      result: `${accounts.stored} of ${accounts.acknowledged} in the database, ${accounts.signIns} sign in${accounts.signInFailures.length ? `; ${accounts.signInFailures.slice(0, 3).join('; ')}` : ''}`,
      pass: accounts.stored === accounts.acknowledged && accounts.signIns === accounts.acknowledged,
    },
    {
      check: 'No acknowledged feedback or report lost',
      result: `feedback ${feedback.stored} of ${feedback.acknowledged}; reports ${reports.stored} of ${reports.acknowledged}`,
      pass: feedback.stored === feedback.acknowledged && reports.stored === reports.acknowledged,
    },
    {
      check: 'Limited-link counts kept',
      result: `${limited.checked} links (limit 2, 1 download during the run): downloads left = 1 on each, then the last download spends it${limited.wrongCount.length ? `; WRONG: ${limited.wrongCount.slice(0, 5).join('; ')}` : ''}`,
      pass: limited.wrongCount.length === 0,
    },
    {
      check: 'Ledger entries',
      result: `not exercised: tokens are off (no TOKEN_MINT), so nothing is credited; ${checked.ledgerEntries} entries`,
      pass: true,
    },
    {
      check: '5xx only inside fault windows',
      result: `${serverErrors} answers 5xx, ${outside.length} outside the windows (+${GRACE_MS / 1000} s)${
        outside.length
          ? `: ${outside
              .slice(0, 5)
              .map((a) => `${a.status} ${a.method} ${a.path}`)
              .join(', ')}`
          : ''
      }`,
      pass: outside.length === 0,
    },
    {
      check: 'Every client operation succeeded after its retries',
      result: `${opCount} operations, ${retries} retries, ${failed} failed${stats.failures.length ? ` (${stats.failures.length} failures, first: ${stats.failures[0]})` : ''}`,
      pass: failed === 0 && stats.failures.length === 0,
    },
    ...memory.rows.map((row) => ({
      check: `Memory and event loop: ${row.label}`,
      result: row.text,
      pass: row.pass,
    })),
    {
      check: 'After a final sweep: store and database agree',
      result: `${store.objects} objects, ${store.rows} rows (${
        Object.entries(store.statuses)
          .map(([k, n]) => `${n} ${k}`)
          .join(', ') || 'none'
      }); ${store.objectsWithoutRow.length} objects without a row, ${store.readyWithoutObject.length} ready rows without an object, ${store.expiredRows.length} expired rows left (sweep: ${checked.sweep})`,
      pass:
        store.objectsWithoutRow.length === 0 &&
        store.readyWithoutObject.length === 0 &&
        store.expiredRows.length === 0,
    },
  ];
  return {
    passed: rows.every((row) => row.pass),
    runMinutes: +(runMs / 60_000).toFixed(1),
    rows,
    serverErrorsOutside: outside.slice(0, 50),
    windows,
    ops: stats.ops,
  };
}

export function checksTable(summary) {
  return table(
    ['check', 'result', 'pass'],
    summary.rows.map((row) => [row.check, row.result, row.pass ? 'pass' : '**FAIL**']),
  );
}
