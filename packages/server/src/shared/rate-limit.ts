import type { RouteShorthandOptions } from 'fastify';
import type { AppContext } from '../context';

/** Route options that rate-limit per IP (@fastify/rate-limit); none when limits are switched off. */
export function rateLimited(ctx: AppContext, perMinute: number): RouteShorthandOptions {
  return ctx.config.RATE_LIMIT_ENABLED
    ? { config: { rateLimit: { max: perMinute, timeWindow: 60_000 } } }
    : {};
}
