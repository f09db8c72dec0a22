import { pageQuerySchema } from '@sealdrop/core/api-auth-schemas';
import { fileIdParamsSchema, resolveQuerySchema } from '@sealdrop/core/api-schemas';
import type { FastifyPluginAsync } from 'fastify';
import { hashClientIp } from '../../shared/client-ip-hash';
import type { AppContext } from '../../shared/context';
import { ok } from '../../shared/envelope';
import { requestOrigin } from '../../shared/origin';
import { rateLimited } from '../../shared/rate-limit';
import { parseInput } from '../../shared/validation';
import { optionalSession, requireSession } from '../auth/auth.guard';
import { getDownloadUrl, getFileInfo, resolveSlug } from './files.usecases';
import { deleteMyFile, listMyFiles } from './my-files.usecases';

export function filesRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const limited = rateLimited(ctx, ctx.config.RATE_LIMIT_RESOLVE_PER_MINUTE);

    app.get('/files/resolve', limited, async (request) => {
      const { slug } = parseInput(resolveQuerySchema, request.query);
      return ok(await resolveSlug({ files: ctx.files, slug, now: ctx.now() }));
    });

    app.get('/files/my-files', async (request) => {
      const session = await requireSession(ctx.auth, request, ctx.now());
      const { page, limit } = parseInput(pageQuerySchema, request.query);
      const origin = requestOrigin(request, ctx.config.PUBLIC_URL);
      return ok(
        await listMyFiles({
          files: ctx.files,
          ownerId: session.user.id,
          page,
          limit,
          origin,
          now: ctx.now(),
        }),
      );
    });

    app.delete('/files/:fileId', async (request) => {
      const session = await requireSession(ctx.auth, request, ctx.now());
      const { fileId } = parseInput(fileIdParamsSchema, request.params);
      const { files, shortLinks, storage, rewards } = ctx;
      return ok(
        await deleteMyFile({
          files,
          shortLinks,
          storage,
          rewards,
          ownerId: session.user.id,
          fileId,
          now: ctx.now(),
        }),
      );
    });

    app.get('/files/:fileId/info', limited, async (request) => {
      const { fileId } = parseInput(fileIdParamsSchema, request.params);
      return ok(await getFileInfo({ files: ctx.files, fileId, now: ctx.now() }));
    });

    app.get('/files/:fileId/download', limited, async (request, reply) => {
      const { fileId } = parseInput(fileIdParamsSchema, request.params);
      const session = await optionalSession(ctx.auth, request, ctx.now());
      const url = await getDownloadUrl({
        files: ctx.files,
        storage: ctx.storage,
        fileId,
        origin: requestOrigin(request, ctx.config.PUBLIC_URL),
        now: ctx.now(),
      });
      // Recorded once signed: a download reward needs a download the server actually granted.
      await ctx.downloads.record({
        fileId,
        ipHash: hashClientIp(request.ip),
        userId: session?.user.id ?? null,
        now: ctx.now().getTime(),
      });
      return reply.header('Cache-Control', 'no-store').redirect(url, 302);
    });
  };
}
