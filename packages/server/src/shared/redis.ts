/**
 * The Redis client shared rate limits are counted in (REDIS_URL, docs/deploy.md "Redis").  It fails fast rather
 * than holding requests: no offline queue while disconnected, one retry and a short timeout per
 * command. It keeps reconnecting in the background, so limits come back by themselves.
 * The URL may hold a password: it is never logged (ioredis's errors name only host and port).
 * Imported only when REDIS_URL is set (ioredis costs ~12 MiB of memory); its health is told in
 * redis-health.ts, which every process loads.
 */
import { Redis } from 'ioredis';
import type { RedisHealth } from './redis-health';

/** How long start-up waits for a first connection before serving without shared limits. */
const FIRST_CONNECT_WAIT_MS = 3000;

export async function openRedis(input: {
  url: string;
  /** Told of connection errors (openRedis never logs them one by one) and of each new connection. */
  health: Pick<RedisHealth, 'connectionFailed' | 'answered'>;
}): Promise<Redis> {
  const client = new Redis(input.url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 500,
    // Reconnect soon after an outage, without hammering a Redis that stays down.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // Without a listener ioredis prints every failed reconnect to stderr.
  client.on('error', input.health.connectionFailed);
  client.on('ready', input.health.answered);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, FIRST_CONNECT_WAIT_MS);
    client.once('ready', done);
    function done() {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    }
  });
  return client;
}

/** QUIT when connected; a client still trying to reconnect is simply cut. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    await client.quit().catch(() => client.disconnect());
  } else {
    client.disconnect();
  }
}
