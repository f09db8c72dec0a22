import type { Config } from '../../config/config';
import type { Database } from '../../database/schema';
import { createRedisHealth, type RedisLog } from '../../shared/redis-health';
import { type QuotaConfig, quotaLimitsFor } from './quotas.models';
import { createRedisQuotaStore } from './quotas.redis';
import { createDatabaseQuotaStore, type QuotaStore } from './quotas.store';

export const QUOTA_REDIS_MESSAGES = {
  unavailable: 'Redis is unavailable: upload quotas are not enforced until it answers again',
  back: 'Redis answers again: upload quotas are enforced again',
};

/**
 * Redis when REDIS_URL is set (its own connection), else the database; no Redis connection when
 * every daily quota is off (0), since nothing would be counted.
 */
export async function openQuotaStore(input: {
  config: Pick<Config, 'REDIS_URL' | 'REDIS_KEY_PREFIX'> & QuotaConfig;
  db: Database;
  log: RedisLog;
  /** Called for each presign admitted without a check because Redis did not answer. */
  onSkippedCheck?: () => void;
}): Promise<QuotaStore> {
  const { config } = input;
  const off = (['guest', 'free', 'premium'] as const).every((tier) => {
    const limits = quotaLimitsFor(tier, config);
    return limits.bytes === 0 && limits.uploads === 0;
  });
  if (!config.REDIS_URL || off) return createDatabaseQuotaStore({ db: input.db });
  const health = createRedisHealth({ log: input.log, messages: QUOTA_REDIS_MESSAGES });
  if (input.onSkippedCheck) health.onSkippedCheck(input.onSkippedCheck);
  // Loaded here only: a process without REDIS_URL never pays for ioredis.
  const { openRedis, closeRedis } = await import('../../shared/redis');
  const client = await openRedis({ url: config.REDIS_URL, health });
  return createRedisQuotaStore({
    client,
    prefix: config.REDIS_KEY_PREFIX,
    health,
    close: () => closeRedis(client),
  });
}
