/**
 * Quota usage in Redis (REDIS_URL): one sorted set per subject (`{prefix}quota:{subject}`), each
 * member `{fileId}:{bytes}` scored by its time. One script drops what left the window, checks and
 * counts, so two processes presigning for one subject at once cannot both take the last room.
 * When Redis does not answer, uploads are admitted without a quota check (fail open, as rate limits
 * are), one warning is logged per outage and every skipped check is counted.
 */
import type { Redis } from 'ioredis';
import type { RedisHealth } from '../../shared/redis-health';
import { decideQuota, QUOTA_WINDOW_MS, type UsageEntry } from './quotas.models';
import type { QuotaStore } from './quotas.store';

/** KEYS[1]: the subject's set. ARGV: now, bytes, max bytes, max uploads, file id, ttl (ms). */
const ADMIT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local bytes = tonumber(ARGV[2])
local maxBytes = tonumber(ARGV[3])
local maxUploads = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - tonumber(ARGV[6]))
local entries = redis.call('ZRANGE', key, 0, -1, 'WITHSCORES')
local count = #entries / 2
local used = 0
for i = 1, #entries, 2 do
  local sep = string.find(entries[i], ':', 1, true)
  used = used + tonumber(string.sub(entries[i], sep + 1))
end
if count > 0 and ((maxUploads > 0 and count + 1 > maxUploads) or (maxBytes > 0 and used + bytes > maxBytes)) then
  return entries
end
redis.call('ZADD', key, now, ARGV[5] .. ':' .. ARGV[2])
redis.call('PEXPIRE', key, ARGV[6])
return 1
`;

/** KEYS[1]: the subject's set. ARGV[1]: the file id whose entry goes. */
const RELEASE = `
local prefix = ARGV[1] .. ':'
for _, member in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  if string.sub(member, 1, #prefix) == prefix then redis.call('ZREM', KEYS[1], member) end
end
return 0
`;

interface QuotaCommands {
  sealdropQuotaAdmit: (key: string, ...args: (string | number)[]) => Promise<1 | string[]>;
  sealdropQuotaRelease: (key: string, fileId: string) => Promise<number>;
}

/** `[member, score, member, score…]` back to entries. */
function entriesOf(reply: readonly string[]): UsageEntry[] {
  const entries: UsageEntry[] = [];
  for (let i = 0; i + 1 < reply.length; i += 2) {
    const member = reply[i] ?? '';
    entries.push({
      at: Number(reply[i + 1]),
      bytes: Number(member.slice(member.indexOf(':') + 1)),
    });
  }
  return entries;
}

export function createRedisQuotaStore(input: {
  client: Redis;
  prefix: string;
  health: RedisHealth;
  close: () => Promise<void>;
}): QuotaStore {
  const { client, health } = input;
  client.defineCommand('sealdropQuotaAdmit', { numberOfKeys: 1, lua: ADMIT });
  client.defineCommand('sealdropQuotaRelease', { numberOfKeys: 1, lua: RELEASE });
  const commands = client as unknown as QuotaCommands;
  const keyOf = (subject: string) => `${input.prefix}quota:${subject}`;

  return {
    kind: 'redis',
    async admit(check) {
      let reply: 1 | string[];
      try {
        reply = await commands.sealdropQuotaAdmit(
          keyOf(check.subject),
          check.now,
          check.bytes,
          check.limits.bytes,
          check.limits.uploads,
          check.fileId,
          QUOTA_WINDOW_MS,
        );
      } catch (error) {
        health.checkSkipped(error instanceof Error ? error : new Error(String(error)));
        return { admitted: true };
      }
      health.answered();
      if (!Array.isArray(reply)) return { admitted: true };
      const decision = decideQuota({
        entries: entriesOf(reply),
        bytes: check.bytes,
        limits: check.limits,
      });
      // The script refused; the reset time is computed here, from the entries it answered. Both
      // apply one rule; should they ever differ, the script's refusal stands.
      if (!decision.admitted) return decision;
      return {
        admitted: false,
        limit: { bytes: check.limits.bytes },
        resetsAt: check.now + QUOTA_WINDOW_MS,
      };
    },
    async release({ subject, fileId }) {
      try {
        await commands.sealdropQuotaRelease(keyOf(subject), fileId);
        health.answered();
      } catch (error) {
        // An upload not given back only costs its uploader room until the window moves on.
        health.connectionFailed(error instanceof Error ? error : new Error(String(error)));
      }
    },
    close: input.close,
  };
}
