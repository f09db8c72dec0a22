// The API under load: autocannon against presign, GET /api/s/:code and file info, with the app
// started as `npm start` runs it (rate limits off, local storage), on SQLite and on PostgreSQL (a
// database created for the run and dropped after). Prints one JSON line per route and database.
//   node bench/server-load.mjs [--databases sqlite,postgres] [--connections 50] [--duration 10]
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { api, startApp } from './lib/app.mjs';
import { listFlag, parseFlags, round, toMiB } from './lib/args.mjs';
import { createPostgresDatabase } from './lib/postgres.mjs';
import { startSampling } from './lib/processes.mjs';

const flags = parseFlags(process.argv.slice(2));
const databases = listFlag(flags, 'databases', 'sqlite,postgres', ['sqlite', 'postgres']);
const connections = Number(flags.connections ?? 50);
const duration = Number(flags.duration ?? 10);

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

function cannon(origin, target, seconds) {
  return autocannon({
    url: `${origin}${target.path}`,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections,
    duration: seconds,
  });
}

async function measure(database, app, target) {
  await cannon(app.origin, target, 2); // warm-up: JIT, connection pools, caches
  const sampler = startSampling({ server: { pid: app.serverPid } }, 200);
  const result = await cannon(app.origin, target, duration);
  const { peaks } = sampler.stop();
  return {
    kind: 'load',
    database,
    route: target.route,
    connections,
    durationSeconds: duration,
    requestsPerSecond: round(result.requests.average, 0),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    serverPeakRssMiB: toMiB(/** @type {{ rss: number }} */ (peaks.server).rss),
  };
}

let failed = false;
for (const database of databases) {
  const pgDatabase = database === 'postgres' ? await createPostgresDatabase() : undefined;
  let app;
  try {
    log(`starting the app on ${database}`);
    app = await startApp({
      driver: 'local',
      env: pgDatabase ? { DATABASE_URL: pgDatabase.url } : {},
    });
    const seed = await seedFile(app.origin);
    for (const target of routes(seed)) {
      log(`${database}: ${target.route}, ${connections} connections, ${duration} s`);
      const row = await measure(database, app, target);
      console.log(JSON.stringify(row));
      if (row.non2xx || row.errors) failed = true;
    }
  } finally {
    await app?.stop();
    await pgDatabase?.drop();
  }
}
if (failed) {
  console.error('[server-load] some requests failed (non-2xx or errors); see the rows above');
  process.exit(1);
}
