import {
  shortCodeParamsSchema,
  tinyCompleteRequestSchema,
  tinyInstantRequestSchema,
} from '@sealdrop/core/api-schemas';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { ok } from '../../shared/envelope';
import { requestOrigin } from '../../shared/origin';
import { rateLimited } from '../../shared/rate-limit';
import { documented } from '../../shared/route-doc';
import { parseInput } from '../../shared/validation';
import {
  completeInstantLink,
  createInstantLink,
  getAnalytics,
  resolveShortCode,
} from './short-links.usecases';

export function shortLinksRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const presignLimit = rateLimited(ctx, ctx.config.RATE_LIMIT_PRESIGN_PER_MINUTE);
    const resolveLimit = rateLimited(ctx, ctx.config.RATE_LIMIT_RESOLVE_PER_MINUTE);

    app.post(
      '/tiny/instant',
      {
        ...presignLimit,
        ...documented({
          tag: 'short-links',
          summary: 'Reserve a short link before the upload ends',
          body: tinyInstantRequestSchema,
        }),
      },
      async (request) => {
        const { originalName } = parseInput(tinyInstantRequestSchema, request.body);
        const origin = requestOrigin(request, ctx.config.PUBLIC_URL);
        return ok(
          await createInstantLink({ deps: ctx, input: { originalName, origin }, now: ctx.now() }),
        );
      },
    );

    app.put(
      '/tiny/complete/:shortCode',
      {
        ...presignLimit,
        ...documented({
          tag: 'short-links',
          summary: 'Point a reserved short link at its finished file',
          params: shortCodeParamsSchema,
          body: tinyCompleteRequestSchema,
        }),
      },
      async (request) => {
        const { shortCode } = parseInput(shortCodeParamsSchema, request.params);
        const { fileId, completeToken } = parseInput(tinyCompleteRequestSchema, request.body);
        return ok(
          await completeInstantLink({
            deps: ctx,
            input: { shortCode, fileId, completeToken },
            now: ctx.now(),
          }),
        );
      },
    );

    app.get(
      '/tiny/analytics/:shortCode',
      {
        ...resolveLimit,
        ...documented({
          tag: 'short-links',
          summary: 'Clicks and dates of a short link',
          params: shortCodeParamsSchema,
        }),
      },
      async (request) => {
        const { shortCode } = parseInput(shortCodeParamsSchema, request.params);
        return ok(await getAnalytics({ deps: ctx, input: { shortCode }, now: ctx.now() }));
      },
    );

    app.get(
      '/s/:shortCode',
      {
        ...resolveLimit,
        ...documented({
          tag: 'short-links',
          summary: 'Resolve a short link to its download page',
          params: shortCodeParamsSchema,
        }),
      },
      async (request) => {
        const { shortCode } = parseInput(shortCodeParamsSchema, request.params);
        return ok(
          await resolveShortCode({
            deps: ctx,
            input: {
              shortCode,
              visitorHash: ctx.visitorCookies.read(request),
              addressHash: ctx.addressHash(request.ip),
            },
            now: ctx.now(),
          }),
        );
      },
    );
  };
}
