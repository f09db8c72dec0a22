/** The Redis store @fastify/rate-limit ships (and uses for its `redis` option) has no types of its own. */
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';

  interface RedisStore extends FastifyRateLimitStore {
    read?: FastifyRateLimitStore['incr'];
  }
  const RedisStore: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    redis: unknown,
    key?: string,
  ) => RedisStore;
  export default RedisStore;
}
