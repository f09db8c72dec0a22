import {
  abortRequestSchema,
  finalizeRequestSchema,
  heartbeatRequestSchema,
  partsRequestSchema,
  presignRequestSchema,
} from '@sealdrop/core/api-schemas';
import { MAX_UPLOAD_BYTES } from '@sealdrop/core/limits';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { ok } from '../../shared/envelope';
import { requestOrigin } from '../../shared/origin';
import { rateLimited } from '../../shared/rate-limit';
import { documented } from '../../shared/route-doc';
import { parseInput } from '../../shared/validation';
import { optionalSession } from '../auth/auth.guard';
import { uploadTierOf } from '../auth/auth.models';
import { admitUpload, refuseBlockedAddress } from '../quotas/quotas.usecases';
import { reportUploadProgress } from './uploads.progress';
import { abortUpload, finalizeUpload, presignParts, presignUpload } from './uploads.usecases';

export function uploadsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const origin = (request: Parameters<typeof requestOrigin>[0]) =>
      requestOrigin(request, ctx.config.PUBLIC_URL);
    const limited = rateLimited(ctx, ctx.config.RATE_LIMIT_PRESIGN_PER_MINUTE);

    app.post(
      '/upload/presign',
      {
        ...limited,
        ...documented({
          tag: 'uploads',
          summary: 'Plan an upload: a signed PUT URL or multipart part URLs, and the link',
          body: presignRequestSchema,
          auth: 'optional',
        }),
      },
      async (request) => {
        const input = parseInput(presignRequestSchema, request.body);
        const session = await optionalSession(ctx.auth, request, ctx.now());
        // One address: an IPv4 address or an IPv6 /64, keyed-hashed (shared/client-address.ts).
        const addressHash = ctx.addressHash(request.ip);
        await refuseBlockedAddress({ deps: ctx.quotas, input: { addressHash }, now: ctx.now() });
        // Only a file above the free limit needs the wallet balance badly enough to fail with a 503.
        const premium = session
          ? await ctx.auth.premium(session.user, {
              rpcFailure: input.size > MAX_UPLOAD_BYTES.free ? 'throw' : 'ignore',
            })
          : false;
        const tier = uploadTierOf(session?.user ?? null, premium);
        const accountId = session?.user.id ?? null;
        const data = await presignUpload({
          deps: ctx.uploads,
          input,
          tier,
          ownerId: accountId,
          uploaderIpHash: addressHash,
          admit: ({ fileId, bytes }) =>
            admitUpload({
              deps: ctx.quotas,
              input: { fileId, bytes, tier, accountId, addressHash },
              now: ctx.now(),
            }),
          origin: origin(request),
          now: ctx.now(),
        });
        return ok(data);
      },
    );

    app.post(
      '/upload/parts',
      {
        ...limited,
        ...documented({
          tag: 'uploads',
          summary: 'More signed part URLs (resume, or URLs that expired)',
          body: partsRequestSchema,
        }),
      },
      async (request) => {
        const input = parseInput(partsRequestSchema, request.body);
        return ok(
          await presignParts({ deps: ctx.uploads, input, origin: origin(request), now: ctx.now() }),
        );
      },
    );

    app.post(
      '/upload/heartbeat',
      {
        ...limited,
        ...documented({
          tag: 'uploads',
          summary:
            "The sender's running upload says how many bytes it sent: the link's info shows the progress, and stalled after a pause",
          body: heartbeatRequestSchema,
        }),
      },
      async (request) => {
        const input = parseInput(heartbeatRequestSchema, request.body);
        return ok(await reportUploadProgress({ deps: ctx.uploads, input, now: ctx.now() }));
      },
    );

    app.post(
      '/upload/finalize',
      documented({
        tag: 'uploads',
        summary:
          'Complete the upload; the link now downloads, or (a plain file checked for malware) answers status scanning: ask again',
        body: finalizeRequestSchema,
      }),
      async (request) => {
        const input = parseInput(finalizeRequestSchema, request.body);
        return ok(
          await finalizeUpload({
            deps: ctx.uploads,
            input,
            origin: origin(request),
            now: ctx.now(),
          }),
        );
      },
    );

    app.post(
      '/upload/abort',
      documented({
        tag: 'uploads',
        summary: 'Abandon an upload and free its parts',
        body: abortRequestSchema,
      }),
      async (request) => {
        const input = parseInput(abortRequestSchema, request.body);
        return ok(await abortUpload({ deps: ctx.uploads, input, now: ctx.now() }));
      },
    );
  };
}
