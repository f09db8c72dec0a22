// What the daily upload quota check costs a presign: autocannon against POST /api/upload/presign
// with quotas off (the baseline), counted in the database, and counted in Redis (a redis-server of
// the bench's own on a free loopback port), on SQLite and optionally PostgreSQL. Requests come from
// many addresses (X-Forwarded-For behind TRUST_PROXY=1, 5,000 addresses of 198.18.0.0/15), so each
// address's window holds a handful of uploads, as in real use. Throughput on a shared machine
// says little, so each run also reads the CPU time the server (and redis-server) used from /proc:
// CPU milliseconds per presign is the figure to compare. Prints one JSON line per run.
//   node bench/quota-check.mjs [--stores off,database,redis] [--databases sqlite,postgres]
//                              [--connections 50] [--duration 10] [--rounds 1]
// With --rounds N every store is measured N times, the stores taking turns, so that a neighbour's
// load on a shared machine falls on all of them alike.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { createScratchDatabase } from '../scripts/scratch-postgres.mjs';
import { freePort, startApp } from './lib/app.mjs';
import { listFlag, parseFlags, round } from './lib/args.mjs';

const flags = parseFlags(process.argv.slice(2));
const stores = listFlag(flags, 'stores', 'off,database,redis', ['off', 'database', 'redis']);
const databases = listFlag(flags, 'databases', 'sqlite', ['sqlite', 'postgres']);
const connections = Number(flags.connections ?? 50);
const duration = Number(flags.duration ?? 10);
const rounds = Number(flags.rounds ?? 1);
const REDIS_SERVER = '/usr/bin/redis-server';
const ADDRESSES = 5000;

const log = (message) => console.error(`[quota-check] ${message}`);
/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User + system CPU time a process has used, in milliseconds. */
function cpuMs(pid) {
  if (!pid) return 0;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

async function startRedis() {
  if (!existsSync(REDIS_SERVER)) throw new Error(`${REDIS_SERVER} is needed for --stores redis`);
  const port = await freePort();
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i += 1) {
    const up = await new Promise((resolve) => {
      import('node:net').then(({ connect }) => {
        const socket = connect({ port, host: '127.0.0.1' });
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
    });
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGKILL');
      }),
  };
}

/** 198.18.x.y: the benchmarking range, one of ADDRESSES at random per request. */
function randomAddress() {
  const n = Math.floor(Math.random() * ADDRESSES);
  return `198.18.${n >> 8}.${n & 255}`;
}

function cannon(origin, seconds) {
  return autocannon({
    url: `${origin}/api/upload/presign`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          encryptedMetadata: 'A'.repeat(380),
          size: 1_000_000,
          isEncrypted: true,
        }),
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'x-forwarded-for': randomAddress() },
        }),
      },
    ],
  });
}

let failed = false;
for (let round_ = 1; round_ <= rounds; round_ += 1) {
  for (const database of databases) {
    for (const store of stores) {
      const pgDatabase =
        database === 'postgres' ? await createScratchDatabase('sealdrop_quota') : undefined;
      const redis = store === 'redis' ? await startRedis() : undefined;
      let app;
      try {
        const quotas =
          store === 'off'
            ? {}
            : // Room for every presign of the run: the check runs in full, nothing is refused.
              { ANON_DAILY_UPLOADS: '1000000', ANON_DAILY_BYTES: '1TB' };
        app = await startApp({
          driver: 'local',
          env: {
            TRUST_PROXY: '1',
            SERVE_WEB: 'false',
            ...quotas,
            ...(redis ? { REDIS_URL: redis.url } : {}),
            ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}),
          },
        });
        log(`${database}, quotas ${store}: ${connections} connections, ${duration} s`);
        await cannon(app.origin, 2); // warm-up
        const before = { server: cpuMs(app.serverPid), redis: cpuMs(redis?.pid) };
        const result = await cannon(app.origin, duration);
        const used = {
          server: cpuMs(app.serverPid) - before.server,
          redis: cpuMs(redis?.pid) - before.redis,
        };
        const row = {
          kind: 'quota-check',
          round: round_,
          database,
          quotas: store,
          connections,
          durationSeconds: duration,
          requestsPerSecond: round(result.requests.average, 0),
          latencyP50Ms: result.latency.p50,
          latencyP99Ms: result.latency.p99,
          requests: result.requests.total,
          serverCpuMsPerPresign: round(used.server / result.requests.total, 3),
          redisCpuMsPerPresign: round(used.redis / result.requests.total, 3),
          non2xx: result.non2xx,
          errors: result.errors,
        };
        console.log(JSON.stringify(row));
        if (row.non2xx || row.errors) failed = true;
      } finally {
        await app?.stop();
        await redis?.stop();
        await pgDatabase?.drop();
      }
    }
  }
}
if (failed) {
  console.error('[quota-check] some requests failed (non-2xx or errors); see the rows above');
  process.exit(1);
}
