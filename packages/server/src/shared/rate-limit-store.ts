/**
 * Where @fastify/rate-limit counts (docs/deploy.md "Redis"). With REDIS_URL: in Redis, through the plugin's own
 * Redis store, so every process shares one count per route and client. Without it: in this
 * process's memory (the plugin's default store). When Redis does not answer, a request is served
 * without a limit (fail open) rather than refused: a brief outage must not take the site down.
 * Either way a client is its address as every per-address rule counts it (IPv4, or IPv6 /64).
 */
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitPluginOptions,
} from '@fastify/rate-limit';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';
import type { Config } from '../config/config';
import { type AddressHasher, clientAddress } from './client-address';
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
  /** Keys Redis counts under: a keyed hash, never the address itself. */
  addressHash: AddressHasher;
}): Promise<RateLimitStore> {
  const { config } = input;
  const health = createRedisHealth({ log: input.log });
  if (!config.REDIS_URL || !config.RATE_LIMIT_ENABLED) {
    // The plugin's own key is the same /64 grouping today; naming it keeps one rule if that changes.
    const keyGenerator = (request: { ip: string }) => clientAddress(request.ip);
    return { pluginOptions: { keyGenerator }, health, close: async () => {} };
  }
  // Loaded here only: a process without REDIS_URL never pays for ioredis.
  const { openRedis, closeRedis } = await import('./redis');
  const client = await openRedis({ url: config.REDIS_URL, health });
  return {
    pluginOptions: {
      store: failOpenRedisStore(client, `${config.REDIS_KEY_PREFIX}rate-limit:`, health),
      skipOnError: true,
      // Redis lives outside this process: it keeps a keyed hash of the address, not the address.
      keyGenerator: (request) => input.addressHash(request.ip),
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
