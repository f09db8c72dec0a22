// The production topology on one machine: two server processes (run as `npm start` runs them)
// behind the round-robin balancer, one PostgreSQL database of the soak's own on the local cluster
// (reached through a TCP proxy the soak can cut), s3rver (behind a TCP proxy it can stall) and a
// redis-server of its own on a free port (so restarting it disturbs nobody else).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  answersHealth,
  freePort,
  npmStartArgs,
  runNode,
  stopChild,
  waitUntilReady,
} from '../../scripts/app-process.mjs';
import { createScratchDatabase, POSTGRES_URL } from '../../scripts/scratch-postgres.mjs';
import { QUOTAS_OFF } from '../lib/app.mjs';
import { startBalancer } from './balancer.mjs';
import { startTcpProxy } from './tcp-proxy.mjs';

const MiB = 1024 * 1024;
export const BUCKET = 'sealdrop';
/** Every per-minute limit, on and counted in Redis, but far above what the soak sends. */
const HIGH_LIMIT = '1000000';

async function startRedis(port) {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const logs = [];
  child.stdout.on('data', (chunk) => logs.push(String(chunk)));
  child.stderr.on('data', (chunk) => logs.push(String(chunk)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await waitUntilReady({ child, logs, exited }, () => logs.join('').includes('Ready to accept'), {
    name: 'redis-server',
  });
  return child;
}

/** @param {{ maxRequests: number, log: (line: string) => void }} options */
export async function startTopology({ maxRequests, log }) {
  const work = mkdtempSync(join(tmpdir(), 'sealdrop-soak-'));
  const cleanups = [];
  /** Server processes that ended without being killed. */
  const crashes = [];
  let stopping = false;
  const stop = async () => {
    stopping = true;
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  };
  try {
    const database = await createScratchDatabase('sealdrop_bench');
    cleanups.push(() => database.drop());
    const pgTarget = new URL(POSTGRES_URL);
    const pgProxy = await startTcpProxy({
      port: Number(pgTarget.port || 5432),
      host: pgTarget.hostname,
    });
    cleanups.push(() => pgProxy.close());
    const serverDatabaseUrl = new URL(database.url);
    serverDatabaseUrl.port = String(pgProxy.port);

    const s3Port = await freePort();
    const s3rver = runNode(['scripts/s3rver.mjs'], {
      S3RVER_PORT: String(s3Port),
      S3RVER_DIR: join(work, 's3rver'),
    });
    cleanups.push(() => stopChild(s3rver.child));
    await waitUntilReady(s3rver, () => s3rver.logs.join('').includes('listening'), {
      name: 's3rver',
    });
    const s3Proxy = await startTcpProxy({ port: s3Port });
    cleanups.push(() => s3Proxy.close());

    const redisPort = await freePort();
    let redis = await startRedis(redisPort);
    cleanups.push(() => stopChild(redis));

    /** @type {{ name: string, port: number, metricsPort: number, killing?: boolean, running: ReturnType<typeof runNode> | null, lives: { pid: number, started: number, ended: number | null }[] }[]} */
    const servers = [];
    for (const name of ['a', 'b']) {
      servers.push({
        name,
        port: await freePort(),
        metricsPort: await freePort(),
        running: null,
        lives: [],
      });
    }
    const balancer = await startBalancer({
      backends: () => servers.map((server) => server.port),
      maxRequests,
    });
    cleanups.push(() => balancer.close());

    const env = {
      HOST: '127.0.0.1',
      PUBLIC_URL: balancer.origin,
      DATABASE_URL: serverDatabaseUrl.href,
      SECRET: 'the-soak-secret-shared-by-both-processes-0123456789',
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${s3Proxy.port}`,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      UPLOAD_PART_SIZE: String(8 * MiB),
      SWEEP_INTERVAL_SECONDS: '10',
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_PRESIGN_PER_MINUTE: HIGH_LIMIT,
      RATE_LIMIT_RESOLVE_PER_MINUTE: HIGH_LIMIT,
      RATE_LIMIT_AUTH_PER_MINUTE: HIGH_LIMIT,
      RATE_LIMIT_FEEDBACK_PER_MINUTE: HIGH_LIMIT,
      RATE_LIMIT_REPORTS_PER_MINUTE: HIGH_LIMIT,
      RATE_LIMIT_WALLET_PER_MINUTE: HIGH_LIMIT,
      ...QUOTAS_OFF,
      LOG_LEVEL: 'warn',
    };

    const start = async (server) => {
      const logs = server.running?.logs ?? [];
      const running = runNode(
        npmStartArgs(),
        {
          ...env,
          PORT: String(server.port),
          METRICS_PORT: String(server.metricsPort),
          DATA_DIR: join(work, `data-${server.name}`),
        },
        logs,
      );
      server.running = running;
      // A process that ends without being killed is a crash: counted, and started again as a
      // supervisor (systemd's Restart=always) would.
      running.exited.then((code) => {
        if (server.running !== running || server.killing || stopping) return;
        crashes.push({ server: server.name, pid: running.child.pid, code, at: Date.now() });
        log(
          `server ${server.name} (pid ${running.child.pid}) ENDED BY ITSELF (${code}); starting it again`,
        );
        const life = server.lives.at(-1);
        if (life) life.ended = Date.now();
        start(server).catch((error) => log(`server ${server.name} did not start again: ${error}`));
      });
      await waitUntilReady(
        running,
        () => answersHealth(`http://127.0.0.1:${server.port}`, { okOnly: true }),
        {
          name: `server ${server.name}`,
          timeoutMs: 240_000,
        },
      );
      server.lives.push({ pid: running.child.pid ?? 0, started: Date.now(), ended: null });
    };
    cleanups.push(() =>
      Promise.all(servers.map((server) => server.running && stopChild(server.running.child))),
    );
    // Started at once: both migrate the same empty database together.
    await Promise.all(servers.map(start));

    /** How long each restart took, kill to healthy, in ms. */
    const restarts = [];
    return {
      work,
      restarts,
      crashes,
      balancer,
      servers,
      databaseUrl: database.url,
      serverEnv: env,
      s3Endpoint: `http://127.0.0.1:${s3Port}`,
      /** kill -9 of one server, then a restart on the same port and data dir; resolves when healthy. */
      async killAndRestart(server) {
        const life = server.lives.at(-1);
        const exited = server.running?.exited;
        server.killing = true;
        server.running?.child.kill('SIGKILL');
        await exited;
        server.killing = false;
        const killedAt = Date.now();
        if (life) life.ended = killedAt;
        log(`killed server ${server.name} (pid ${life?.pid})`);
        await start(server);
        restarts.push(Date.now() - killedAt);
        log(`server ${server.name} is back (pid ${server.lives.at(-1)?.pid})`);
      },
      async restartRedis(downMs) {
        await stopChild(redis, 'SIGKILL');
        log('redis stopped');
        await new Promise((resolve) => setTimeout(resolve, downMs));
        redis = await startRedis(redisPort);
        log('redis is back');
      },
      async cutPostgres(ms) {
        log(`postgres cut for ${ms / 1000} s`);
        await pgProxy.cut(ms);
        log('postgres reachable again');
      },
      async stallStore(ms) {
        log(`object store stalled for ${ms / 1000} s`);
        await s3Proxy.stall(ms);
        log('object store answers again');
      },
      logsOf: (server) => (server.running?.logs ?? []).join(''),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
