import type { Config } from '../../config/config';
import type { Database } from '../../database/schema';
import { createRedisHealth, type RedisLog } from '../../shared/redis-health';
import { createRedisQuotaStore } from './quotas.redis';
import { createDatabaseQuotaStore, type QuotaStore } from './quotas.store';

export const QUOTA_REDIS_MESSAGES = {
  unavailable: 'Redis is unavailable: upload quotas are not enforced until it answers again',
  back: 'Redis answers again: upload quotas are enforced again',
};

/** Redis when REDIS_URL is set (its own connection), else the database. */
export async function openQuotaStore(input: {
  config: Pick<Config, 'REDIS_URL' | 'REDIS_KEY_PREFIX'>;
  db: Database;
  log: RedisLog;
  /** Called for each presign admitted without a check because Redis did not answer. */
  onSkippedCheck?: () => void;
}): Promise<QuotaStore> {
  const { config } = input;
  if (!config.REDIS_URL) return createDatabaseQuotaStore({ db: input.db });
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
