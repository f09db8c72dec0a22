import type { FastifyPluginAsync } from 'fastify';
import { checkDatabase } from '../../database/database';
import type { AppContext } from '../../shared/context';
import { ok } from '../../shared/envelope';
import { documented } from '../../shared/route-doc';

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
  return async (app) => {
    app.get(
      '/health',
      documented({ tag: 'health', summary: 'Database and storage reachable (503 when not)' }),
      async (_request, reply) => {
        const [db, storage] = await Promise.all([
          probe(() => checkDatabase(ctx.db)),
          probe(() => ctx.storage.check()),
        ]);
        if (db === 'ok' && storage === 'ok') return ok({ db, storage });
        const down = [db === 'error' && 'database', storage === 'error' && 'storage']
          .filter(Boolean)
          .join(' and ');
        return reply.code(503).send({
          status: 'error',
          message: `Service unavailable: ${down} not reachable`,
          data: { db, storage },
        });
      },
    );
  };
}
