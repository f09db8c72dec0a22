import { reportRequestSchema } from '@sealdrop/core/api-report-schemas';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { ok } from '../../shared/envelope';
import { rateLimited } from '../../shared/rate-limit';
import { documented } from '../../shared/route-doc';
import { parseInput } from '../../shared/validation';
import { submitReport } from './reports.usecases';

export function reportsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post(
      '/reports',
      {
        ...rateLimited(ctx, ctx.config.RATE_LIMIT_REPORTS_PER_MINUTE),
        ...documented({
          tag: 'reports',
          summary:
            "Report a link (reason, details, email and, by the reporter's choice only, its key)",
          body: reportRequestSchema,
        }),
      },
      async (request) => {
        const report = parseInput(reportRequestSchema, request.body);
        return ok(
          await submitReport({
            deps: ctx.moderation,
            input: { report, reporterAddressHash: ctx.addressHash(request.ip) },
            now: ctx.now(),
          }),
        );
      },
    );
  };
}
