// The API under load: autocannon against presign, GET /api/s/:code and file info, with the app
// started as `npm start` runs it (rate limits off, local storage), on SQLite and on PostgreSQL (a
// database created for the run and dropped after). On PostgreSQL also with two server processes
// on the one database (and one DATA_DIR), as production scales out: the connections are split
// between them, as a round-robin balancer would, and the rows sum both. SQLite is one process by
// design. Prints one JSON line per route, database and number of processes.
// `--rounds N` runs the whole set N times, one after the other, so that a shared machine's noise
// falls on every configuration alike; each row says its round.
//   node bench/server-load.mjs [--databases sqlite,postgres] [--processes 1] [--connections 50]
//     [--duration 10] [--rounds 1]

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createScratchDatabase } from '../scripts/scratch-postgres.mjs';
import { api, startApp } from './lib/app.mjs';
import { listFlag, parseFlags, round, toMiB } from './lib/args.mjs';
import { startSampling } from './lib/processes.mjs';

const flags = parseFlags(process.argv.slice(2));
const databases = listFlag(flags, 'databases', 'sqlite,postgres', ['sqlite', 'postgres']);
const processCounts = listFlag(flags, 'processes', '1', ['1', '2']).map(Number);
const connections = Number(flags.connections ?? 50);
const duration = Number(flags.duration ?? 10);
const rounds = Number(flags.rounds ?? 1);

const log = (message) => console.error(`[server-load] ${message}`);

/** One small plain file, uploaded and finalized, so resolve and info have something to find. */
async function seedFile(origin) {
  const bytes = randomBytes(1024);
  const plan = await api(origin, 'POST', '/upload/presign', {
    filename: 'seed.bin',
    contentType: 'application/octet-stream',
    size: bytes.length,
    isEncrypted: false,
  });
  const put = await fetch(plan.uploadUrl, { method: 'PUT', body: bytes });
  if (!put.ok) throw new Error(`seed PUT: ${put.status}`);
  const done = await api(origin, 'POST', '/upload/finalize', {
    objectKey: plan.objectKey,
    slug: plan.slug,
  });
  return { slug: plan.slug, fileId: done.fileId };
}

function routes(seed) {
  return [
    {
      route: 'POST /api/upload/presign',
      method: 'POST',
      path: '/api/upload/presign',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        // An encrypted upload sends its sealed metadata record, never a name (the server does
        // not open it, so bytes of a one-file record's length stand in).
        encryptedMetadata: 'A'.repeat(380),
        size: 1_000_000,
        isEncrypted: true,
      }),
    },
    { route: 'GET /api/s/:code', method: 'GET', path: `/api/s/${seed.slug}` },
    { route: 'GET /api/files/:fileId/info', method: 'GET', path: `/api/files/${seed.fileId}/info` },
  ];
}

function cannon(origin, target, seconds, share) {
  return autocannon({
    url: `${origin}${target.path}`,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections: share,
    duration: seconds,
  });
}

/** `connections` split as evenly as a round-robin balancer would: 50 over 2 = 25 + 25. */
const shares = (count) =>
  Array.from({ length: count }, (_, i) => Math.floor((connections + i) / count));

async function measure(database, apps, target) {
  const split = shares(apps.length);
  // Warm-up: JIT, connection pools, caches.
  await Promise.all(apps.map((app, i) => cannon(app.origin, target, 2, split[i])));
  const sampler = startSampling(
    Object.fromEntries(apps.map((app, i) => [`server${i}`, { pid: app.serverPid }])),
    200,
  );
  const results = await Promise.all(
    apps.map((app, i) => cannon(app.origin, target, duration, split[i])),
  );
  const { peaks, cpuSeconds } = sampler.stop();
  const sum = (pick) => results.reduce((total, result) => total + pick(result), 0);
  const serverCpuSeconds = Object.values(cpuSeconds).reduce((total, seconds) => total + seconds, 0);
  const worst = (pick) => Math.max(...results.map(pick));
  return {
    kind: 'load',
    database,
    processes: apps.length,
    route: target.route,
    connections,
    durationSeconds: duration,
    requestsPerSecond: round(
      sum((result) => result.requests.average),
      0,
    ),
    // With two processes, the slower one's: what a client behind the balancer may meet.
    latencyP50Ms: worst((result) => result.latency.p50),
    latencyP99Ms: worst((result) => result.latency.p99),
    requests: sum((result) => result.requests.total),
    non2xx: sum((result) => result.non2xx),
    errors: sum((result) => result.errors),
    timeouts: sum((result) => result.timeouts),
    // CPU the server process(es) spent per request: what the busy machine changes least, and
    // what a capacity estimate divides a core by.
    serverCpuMsPerRequest: round(
      (serverCpuSeconds * 1000) /
        Math.max(
          1,
          sum((r) => r.requests.total),
        ),
      2,
    ),
    serverPeakRssMiB: toMiB(
      Math.max(...Object.values(peaks).map((peak) => /** @type {{ rss: number }} */ (peak).rss)),
    ),
  };
}

/** The runs to make: SQLite with one process, PostgreSQL with each count asked for. */
const configurations = databases.flatMap((database) =>
  database === 'sqlite'
    ? [{ database, processes: 1 }]
    : processCounts.map((processes) => ({ database, processes })),
);

const plans = Array.from({ length: rounds }, (_, i) =>
  configurations.map((configuration) => ({ ...configuration, round: i + 1 })),
).flat();

let failed = false;
for (const { database, processes, round: roundNumber } of plans) {
  const pgDatabase =
    database === 'postgres' ? await createScratchDatabase('sealdrop_bench') : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'sealdrop-bench-load-'));
  const apps = [];
  try {
    log(`starting ${processes} app process(es) on ${database}`);
    // One after the other: the first migrates the database and stores the shared secret.
    for (let i = 0; i < processes; i += 1) {
      apps.push(
        await startApp({
          driver: 'local',
          dataDir,
          env: pgDatabase ? { DATABASE_URL: pgDatabase.url } : {},
        }),
      );
    }
    const seed = await seedFile(apps[0]?.origin ?? '');
    for (const target of routes(seed)) {
      log(`${database} × ${processes}: ${target.route}, ${connections} connections, ${duration} s`);
      const row = { ...(await measure(database, apps, target)), round: roundNumber };
      console.log(JSON.stringify(row));
      if (row.non2xx || row.errors) failed = true;
    }
  } finally {
    await Promise.all(apps.map((app) => app.stop()));
    await pgDatabase?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (failed) {
  console.error('[server-load] some requests failed (non-2xx or errors); see the rows above');
  process.exit(1);
}
