import { pageQuerySchema } from '@sealdrop/core/api-auth-schemas';
import { fileIdParamsSchema, resolveQuerySchema } from '@sealdrop/core/api-schemas';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ok } from '../../shared/envelope';
import { requestOrigin } from '../../shared/origin';
import { rateLimited } from '../../shared/rate-limit';
import { documented } from '../../shared/route-doc';
import { parseInput } from '../../shared/validation';
import { optionalSession, requireSession } from '../auth/auth.guard';
import { finishDownload, getFileInfo, grantDownload, resolveSlug } from './files.usecases';
import { deleteMyFile, listMyFiles } from './my-files.usecases';

export function filesRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const limited = rateLimited(ctx, ctx.config.RATE_LIMIT_RESOLVE_PER_MINUTE);
    const visitor = (request: FastifyRequest) => ({
      visitorHash: ctx.visitorCookies.read(request),
      addressHash: ctx.addressHash(request.ip),
    });

    app.get(
      '/files/resolve',
      {
        ...limited,
        ...documented({
          tag: 'files',
          summary: 'File id and download URL for a slug',
          querystring: resolveQuerySchema,
        }),
      },
      async (request) => {
        const { slug } = parseInput(resolveQuerySchema, request.query);
        const input = { slug, ...visitor(request) };
        return ok(await resolveSlug({ deps: ctx, input, now: ctx.now() }));
      },
    );

    app.get(
      '/files/my-files',
      documented({
        tag: 'files',
        summary: "The signed-in user's files, a page at a time",
        querystring: pageQuerySchema,
        auth: 'required',
      }),
      async (request) => {
        const session = await requireSession(ctx.auth, request, ctx.now());
        const { page, limit } = parseInput(pageQuerySchema, request.query);
        const origin = requestOrigin(request, ctx.config.PUBLIC_URL);
        return ok(
          await listMyFiles({
            deps: ctx,
            input: { ownerId: session.user.id, page, limit, origin },
            now: ctx.now(),
          }),
        );
      },
    );

    app.delete(
      '/files/:fileId',
      documented({
        tag: 'files',
        summary: 'Delete one of your files',
        params: fileIdParamsSchema,
        auth: 'required',
      }),
      async (request) => {
        const session = await requireSession(ctx.auth, request, ctx.now());
        const { fileId } = parseInput(fileIdParamsSchema, request.params);
        return ok(
          await deleteMyFile({
            deps: ctx,
            input: { ownerId: session.user.id, fileId },
            now: ctx.now(),
          }),
        );
      },
    );

    app.get(
      '/files/:fileId/info',
      {
        ...limited,
        ...documented({
          tag: 'files',
          summary: 'Name (or encrypted metadata), size, expiry and downloads left',
          params: fileIdParamsSchema,
        }),
      },
      async (request) => {
        const { fileId } = parseInput(fileIdParamsSchema, request.params);
        const input = { fileId, ...visitor(request) };
        return ok(
          await getFileInfo({
            deps: ctx,
            input,
            now: ctx.now(),
            stallMs: ctx.config.UPLOAD_STALL_SECONDS * 1000,
          }),
        );
      },
    );

    app.get(
      '/files/:fileId/download',
      {
        ...limited,
        ...documented({
          tag: 'files',
          summary: 'Redirect (302) to a short-lived storage URL; counts a limited download',
          params: fileIdParamsSchema,
          auth: 'optional',
        }),
      },
      async (request, reply) => {
        const { fileId } = parseInput(fileIdParamsSchema, request.params);
        const session = await optionalSession(ctx.auth, request, ctx.now());
        const origin = requestOrigin(request, ctx.config.PUBLIC_URL);
        const url = await grantDownload({
          deps: ctx,
          input: {
            fileId,
            origin,
            userId: session?.user.id ?? null,
            visitorHash: ctx.visitorCookies.ensure(request, reply, origin),
            addressHash: ctx.addressHash(request.ip),
          },
          now: ctx.now(),
        });
        return reply.header('Cache-Control', 'no-store').redirect(url, 302);
      },
    );

    // The page's word that a download finished: burns the object of a spent link at once.
    app.post(
      '/files/:fileId/downloaded',
      {
        ...limited,
        ...documented({
          tag: 'files',
          summary: 'Report a finished download so a spent link is deleted at once',
          params: fileIdParamsSchema,
        }),
      },
      async (request) => {
        const { fileId } = parseInput(fileIdParamsSchema, request.params);
        const input = { fileId, ...visitor(request) };
        return ok(await finishDownload({ deps: ctx, input, now: ctx.now() }));
      },
    );
  };
}
