/**
 * GET /metrics (Prometheus text) and the hooks that count every request. Off unless METRICS_TOKEN
 * (a bearer token on the main port) or METRICS_PORT (a listener of its own, which an operator
 * keeps off the public network) is set. Labels carry route patterns, never raw URLs: a URL can hold
 * a file id, a short code or a storage signature, and each would make a series of its own.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config';
import { dependencyOf } from './metrics.errors';
import { type Metrics, metricsEnabled } from './metrics.registry';

const UNAUTHORIZED = 'A valid metrics token is required';

/** Compares hashes, so neither the token's length nor its prefix leaks through timing. */
export function isAuthorized(headers: IncomingHttpHeaders, token: string | undefined): boolean {
  if (!token) return true;
  const header = headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';

/** Adds the counting hooks and the metrics route or listener; call before routes are registered. */
export async function installMetrics(
  app: FastifyInstance,
  { config, metrics }: { config: Config; metrics: Metrics },
): Promise<void> {
  if (!metricsEnabled(config)) return;
  const { registry } = metrics;
  if (!registry) throw new Error('metrics are enabled but no registry was given');

  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: routeOf(request), status: reply.statusCode };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) metrics.rateLimited.inc({ route: labels.route });
  });
  app.addHook('onError', async (_request, _reply, error) => {
    const dependency = dependencyOf(error);
    if (dependency) metrics.dependencyErrors.inc({ dependency });
  });

  if (config.METRICS_PORT) {
    const listener = metricsListener(registry, config.METRICS_TOKEN);
    // On ready, not on listen: a port already taken stops the start instead of passing unnoticed.
    app.addHook('onReady', () => listen(listener, config.METRICS_PORT ?? 0, config.HOST));
    app.addHook('onClose', async () => {
      const closed = new Promise<void>((resolve) => listener.close(() => resolve()));
      // A scraper's keep-alive connection must not hold the shutdown: a scrape is seconds long.
      listener.closeAllConnections();
      await closed;
    });
    return;
  }
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!isAuthorized(request.headers, config.METRICS_TOKEN)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ status: 'error', message: UNAUTHORIZED });
    }
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}

type Registry = NonNullable<Metrics['registry']>;

function metricsListener(registry: Registry, token: string | undefined): Server {
  return createServer(async (request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (!isAuthorized(request.headers, token)) {
      response
        .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
        .end(`${UNAUTHORIZED}\n`);
      return;
    }
    try {
      const body = await registry.metrics();
      response.writeHead(200, { 'content-type': registry.contentType }).end(body);
    } catch {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed\n');
    }
  });
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
