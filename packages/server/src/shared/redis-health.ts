/**
 * Whether the Redis behind shared rate limits (rate-limit-store.ts) or quotas (quotas.redis.ts)
 * answers; no Redis client here.
 */
export interface RedisLog {
  warn: (details: object, message: string) => void;
  info: (details: object, message: string) => void;
}

/**
 * Whether Redis answers, told once per outage (and then at most once a minute while it lasts)
 * instead of once per request or reconnect attempt; rate-limit checks let through are counted.
 */
/** What the log says when Redis goes and comes back; by default, about rate limits. */
export interface RedisHealthMessages {
  unavailable: string;
  back: string;
}

const RATE_LIMIT_MESSAGES: RedisHealthMessages = {
  unavailable: 'Redis is unavailable: rate limits are not enforced until it answers again',
  back: 'Redis answers again: rate limits are enforced again',
};

export function createRedisHealth(input: {
  log: RedisLog;
  now?: () => number;
  repeatWarningMs?: number;
  messages?: RedisHealthMessages;
}) {
  const messages = input.messages ?? RATE_LIMIT_MESSAGES;
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
      messages.unavailable,
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
      input.log.info({ skippedChecks: skippedSinceWarning }, messages.back);
      skippedSinceWarning = 0;
    },
  };
}

export type RedisHealth = ReturnType<typeof createRedisHealth>;
