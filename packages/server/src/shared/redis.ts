/**
 * The Redis client shared rate limits are counted in (REDIS_URL, DESIGN §6). It fails fast rather
 * than holding requests: no offline queue while disconnected, one retry and a short timeout per
 * command. It keeps reconnecting in the background, so limits come back by themselves.
 * The URL may hold a password: it is never logged (ioredis's errors name only host and port).
 */
import { Redis } from 'ioredis';

/** How long start-up waits for a first connection before serving without shared limits. */
const FIRST_CONNECT_WAIT_MS = 3000;

export interface RedisLog {
  warn: (details: object, message: string) => void;
  info: (details: object, message: string) => void;
}

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

/**
 * Whether Redis answers, told once per outage (and then at most once a minute while it lasts)
 * instead of once per request or reconnect attempt; rate-limit checks let through are counted.
 */
export function createRedisHealth(input: {
  log: RedisLog;
  now?: () => number;
  repeatWarningMs?: number;
}) {
  const now = input.now ?? Date.now;
  const repeatMs = input.repeatWarningMs ?? 60_000;
  const listeners = new Set<() => void>();
  let skippedChecks = 0;
  let down = false;
  let warnedAt = 0;
  let skippedSinceWarning = 0;

  const unavailable = (error: Error) => {
    if (down && now() - warnedAt < repeatMs) return;
    input.log.warn(
      { reason: error.message, skippedChecks: skippedSinceWarning },
      'Redis is unavailable: rate limits are not enforced until it answers again',
    );
    down = true;
    warnedAt = now();
    skippedSinceWarning = 0;
  };

  return {
    /** Rate-limit checks let through because Redis did not answer, since the process started. */
    get skippedChecks() {
      return skippedChecks;
    },
    /** Called on every skipped check (for a metrics counter); returns a function that unsubscribes. */
    onSkippedCheck(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The connection failed or dropped. */
    connectionFailed: unavailable,
    /** A check Redis could not answer: the request is served without a limit. */
    checkSkipped(error: Error) {
      skippedChecks += 1;
      skippedSinceWarning += 1;
      for (const listener of listeners) listener();
      unavailable(error);
    },
    /** Redis answered (a check, or a new connection); the first answer after an outage is told. */
    answered() {
      if (!down) return;
      down = false;
      input.log.info(
        { skippedChecks: skippedSinceWarning },
        'Redis answers again: rate limits are enforced again',
      );
      skippedSinceWarning = 0;
    },
  };
}

export type RedisHealth = ReturnType<typeof createRedisHealth>;
