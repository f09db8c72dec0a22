/**
 * Probes (docs/deploy.md "Health probes"): /health/live answers while the process can serve at all (a liveness probe
 * restarts it otherwise); /health/ready and /health also check the database and the store (a
 * readiness probe takes the process out of the load balancer while either is unreachable). Both
 * name the build (version and commit), so an operator sees which one each process runs.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { checkDatabase } from '../../database/database';
import { ok } from '../../shared/envelope';
import { documented } from '../../shared/route-doc';
import { buildVersion } from '../../shared/version';

const CHECK_TIMEOUT_MS = 3000;

async function probe(check: () => Promise<void>): Promise<'ok' | 'error'> {
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS).unref(),
      ),
    ]);
    return 'ok';
  } catch {
    return 'error';
  }
}

export function healthRoutes(ctx: AppContext): FastifyPluginAsync {
  const readiness = async (_request: unknown, reply: FastifyReply) => {
    const [db, storage] = await Promise.all([
      probe(() => checkDatabase(ctx.db)),
      probe(() => ctx.storage.check()),
    ]);
    const { version, commit } = buildVersion;
    if (db === 'ok' && storage === 'ok') return ok({ db, storage, version, commit });
    if (db === 'error') ctx.metrics.dependencyErrors.inc({ dependency: 'database' });
    if (storage === 'error') ctx.metrics.dependencyErrors.inc({ dependency: 'storage' });
    const down = [db === 'error' && 'database', storage === 'error' && 'storage']
      .filter(Boolean)
      .join(' and ');
    return reply.code(503).send({
      status: 'error',
      message: `Service unavailable: ${down} not reachable`,
      data: { db, storage, version, commit },
    });
  };

  return async (app) => {
    const ready = 'Database and storage reachable (503 when not)';
    app.get('/health', documented({ tag: 'health', summary: ready }), readiness);
    app.get(
      '/health/ready',
      documented({ tag: 'health', summary: `Readiness: ${ready}` }),
      readiness,
    );
    // Touches nothing outside the process: a database outage must not get every process restarted.
    app.get(
      '/health/live',
      documented({ tag: 'health', summary: 'Liveness: the process answers' }),
      async () => ok({ live: true }),
    );
  };
}
