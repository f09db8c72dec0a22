/**
 * Records every route a Fastify instance registers, so tests can walk the whole API without a
 * hand-kept list. Fastify publishes each new instance on the `fastify.initialization` diagnostics
 * channel before any plugin runs; an onRoute hook added there sees every route, prefixes included.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
}

const CHANNEL = 'fastify.initialization';

/** Start recording before createServer(); call stop() once the server is ready. */
export function recordRoutes(): { routes: RouteEntry[]; stop: () => void } {
  const routes: RouteEntry[] = [];
  const onInstance = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) routes.push({ method: String(method), url: route.url });
    });
  };
  subscribe(CHANNEL, onInstance);
  return { routes, stop: () => unsubscribe(CHANNEL, onInstance) };
}
