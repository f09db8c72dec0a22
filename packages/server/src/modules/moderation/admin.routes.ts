/**
 * /api/admin/*: the moderation console's API. Every route runs the admin guard first, so anyone
 * who is not an admin gets the 404 of an unknown route; no route edits or deletes the audit log.
 */
import {
  adminAuditQuerySchema,
  adminFileParamsSchema,
  adminFilesQuerySchema,
  adminReportsQuerySchema,
} from '@sealdrop/core/api-admin-schemas';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ok } from '../../shared/envelope';
import { requestOrigin } from '../../shared/origin';
import { documented } from '../../shared/route-doc';
import { parseInput } from '../../shared/validation';
import { requireAdmin } from './admin.guard';
import * as queries from './admin.queries';
import { adminActionRoutes } from './admin-actions.routes';

export const ADMIN_TAG = 'admin';

export function adminRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', requireAdmin(ctx));
    await app.register(adminReadRoutes(ctx));
    await app.register(adminActionRoutes(ctx));
  };
}

function adminReadRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const deps = ctx.moderation;
    const view = (request: FastifyRequest) => ({
      now: ctx.now(),
      origin: requestOrigin(request, ctx.config.PUBLIC_URL),
    });
    const doc = (
      summary: string,
      schemas: Omit<Parameters<typeof documented>[0], 'tag' | 'summary'> = {},
    ) => documented({ tag: ADMIN_TAG, summary, auth: 'required', ...schemas });

    app.get(
      '/overview',
      doc('Storage used, live files, the last 24 h, open reports, blocks'),
      async () =>
        ok(
          await queries.overview({
            deps,
            input: { storageMaxBytes: ctx.config.STORAGE_MAX_BYTES },
            now: ctx.now(),
          }),
        ),
    );

    app.get(
      '/reports',
      doc('Reports grouped per file: open first, the longest waiting first', {
        querystring: adminReportsQuerySchema,
      }),
      async (request) => {
        const input = parseInput(adminReportsQuerySchema, request.query);
        return ok(await queries.listReports({ deps, input, ...view(request) }));
      },
    );

    app.get(
      '/reports/:fileId',
      doc("One file's reports, with the keys reporters included while open", {
        params: adminFileParamsSchema,
      }),
      async (request) => {
        const input = parseInput(adminFileParamsSchema, request.params);
        return ok(await queries.getReportGroup({ deps, input, ...view(request) }));
      },
    );

    app.get(
      '/files',
      doc('Find files by link, short code, file id or account email', {
        querystring: adminFilesQuerySchema,
      }),
      async (request) => {
        const input = parseInput(adminFilesQuerySchema, request.query);
        return ok(await queries.findFiles({ deps, input, ...view(request) }));
      },
    );

    app.get(
      '/files/:fileId',
      doc('One file: size, age, expiry, downloads, uploader, reports', {
        params: adminFileParamsSchema,
      }),
      async (request) => {
        const input = parseInput(adminFileParamsSchema, request.params);
        return ok(await queries.getFile({ deps, input, ...view(request) }));
      },
    );

    app.get('/blocks', doc('Blocked addresses and suspended accounts'), async () =>
      ok(await queries.listBlocks({ deps, now: ctx.now() })),
    );

    app.get(
      '/audit',
      doc('The audit log of moderation actions, newest first (read-only)', {
        querystring: adminAuditQuerySchema,
      }),
      async (request) => {
        const input = parseInput(adminAuditQuerySchema, request.query);
        return ok(await queries.listAudit({ deps, input }));
      },
    );
  };
}
