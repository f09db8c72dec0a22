/**
 * Where @fastify/rate-limit counts (DESIGN §6). With REDIS_URL: in Redis, through the plugin's own
 * Redis store, so every process shares one count per route and client. Without it: in this
 * process's memory (the plugin's default store). When Redis does not answer, a request is served
 * without a limit (fail open) rather than refused: a brief outage must not take the site down.
 */
import {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  normalizeIP,
  type RateLimitPluginOptions,
} from '@fastify/rate-limit';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';
import type { Config } from '../config/config';
import { hashClientIp } from './client-ip-hash';
import { createRedisHealth, type RedisHealth, type RedisLog } from './redis-health';

export interface RateLimitStore {
  /** Spread into the plugin's options. */
  pluginOptions: Pick<RateLimitPluginOptions, 'store' | 'skipOnError' | 'keyGenerator'>;
  /** Redis outages as rate limiting sees them (skipped checks, for metrics). */
  health: RedisHealth;
  close: () => Promise<void>;
}

export async function openRateLimitStore(input: {
  config: Pick<Config, 'REDIS_URL' | 'REDIS_KEY_PREFIX' | 'RATE_LIMIT_ENABLED'>;
  log: RedisLog;
}): Promise<RateLimitStore> {
  const { config } = input;
  const health = createRedisHealth({ log: input.log });
  if (!config.REDIS_URL || !config.RATE_LIMIT_ENABLED) {
    return { pluginOptions: {}, health, close: async () => {} };
  }
  // Loaded here only: a process without REDIS_URL never pays for ioredis.
  const { openRedis, closeRedis } = await import('./redis');
  const client = await openRedis({ url: config.REDIS_URL, health });
  return {
    pluginOptions: {
      store: failOpenRedisStore(client, `${config.REDIS_KEY_PREFIX}rate-limit:`, health),
      skipOnError: true,
      // Redis lives outside this process: it keeps a hash of the client's address, not the address
      // (IPv6 grouped by /64 first, as the plugin's own key does).
      keyGenerator: (request) => hashClientIp(normalizeIP(request.ip)),
    },
    health,
    close: () => closeRedis(client),
  };
}

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type InnerStore = FastifyRateLimitStore & { read?: FastifyRateLimitStore['incr'] };

/** The plugin's Redis store, telling `health` whether each check was counted or skipped. */
class FailOpenStore implements FastifyRateLimitStore {
  constructor(
    private readonly inner: InnerStore,
    private readonly health: RedisHealth,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number) {
    this.inner.incr(key, this.observe(callback), timeWindow, max);
  }

  read(key: string, callback: Callback, timeWindow: number, max: number) {
    if (!this.inner.read) throw new Error('the Redis store cannot read without counting');
    this.inner.read(key, this.observe(callback), timeWindow, max);
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
    return new FailOpenStore(this.inner.child(routeOptions), this.health);
  }

  private observe(callback: Callback): Callback {
    return (error, result) => {
      if (error) this.health.checkSkipped(error);
      else this.health.answered();
      callback(error, result);
    };
  }
}

function failOpenRedisStore(
  client: Redis,
  nameSpace: string,
  health: RedisHealth,
): FastifyRateLimitStoreCtor {
  return class extends FailOpenStore {
    constructor(options: FastifyRateLimitOptions) {
      const { continueExceeding = false, exponentialBackoff = false } = options as {
        continueExceeding?: boolean;
        exponentialBackoff?: boolean;
      };
      super(new RedisStore(continueExceeding, exponentialBackoff, client, nameSpace), health);
    }
  };
}
