import {
  changePasswordSchema,
  credentialsSchema,
  limitQuerySchema,
  profileSchema,
} from '@sealdrop/core/api-auth-schemas';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { ok } from '../../shared/envelope';
import { requestOrigin } from '../../shared/origin';
import { rateLimited } from '../../shared/rate-limit';
import { documented } from '../../shared/route-doc';
import { parseInput } from '../../shared/validation';
import { publicUser } from './auth.account';
import { requireBearerToken, requireSession } from './auth.guard';
import { refresh } from './auth.refresh';
import * as auth from './auth.usecases';

export function authRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const deps = ctx.auth;
    const limited = rateLimited(ctx, ctx.config.RATE_LIMIT_AUTH_PER_MINUTE);

    app.post(
      '/auth/register',
      {
        ...limited,
        ...documented({
          tag: 'auth',
          summary: 'Create an account; answers the user and a session token',
          body: credentialsSchema,
        }),
      },
      async (request) => {
        const input = parseInput(credentialsSchema, request.body);
        const origin = requestOrigin(request, ctx.config.PUBLIC_URL);
        return ok(await auth.register({ deps, input: { ...input, origin }, now: ctx.now() }));
      },
    );

    app.post(
      '/auth/login',
      {
        ...limited,
        ...documented({
          tag: 'auth',
          summary: 'Sign in with email and password',
          body: credentialsSchema,
        }),
      },
      async (request) => {
        const input = parseInput(credentialsSchema, request.body);
        return ok(
          await auth.login({ deps, input: { ...input, clientIp: request.ip }, now: ctx.now() }),
        );
      },
    );

    app.post(
      '/auth/logout',
      documented({
        tag: 'auth',
        summary: 'End this session (revokes its token)',
        auth: 'required',
      }),
      async (request) => {
        const session = await requireSession(deps, request, ctx.now());
        await auth.logout({ deps, input: { session }, now: ctx.now() });
        return ok({ loggedOut: true });
      },
    );

    app.get(
      '/auth/me',
      documented({ tag: 'auth', summary: 'The signed-in user', auth: 'required' }),
      async (request) => {
        const session = await requireSession(deps, request, ctx.now());
        return ok({
          user: await publicUser({ deps, input: { user: session.user }, now: ctx.now() }),
        });
      },
    );

    app.put(
      '/auth/profile',
      {
        ...limited,
        ...documented({
          tag: 'auth',
          summary: 'Change profile fields',
          body: profileSchema,
          auth: 'required',
        }),
      },
      async (request) => {
        const session = await requireSession(deps, request, ctx.now());
        const input = parseInput(profileSchema, request.body);
        const origin = requestOrigin(request, ctx.config.PUBLIC_URL);
        return ok(
          await auth.updateProfile({
            deps,
            input: { ...input, session, origin, clientIp: request.ip },
            now: ctx.now(),
          }),
        );
      },
    );

    app.post(
      '/auth/refresh-token',
      {
        ...limited,
        ...documented({ tag: 'auth', summary: 'Renew the session token', auth: 'required' }),
      },
      async (request) => {
        // Not requireSession: a rotated token must reach the refresh, which detects its reuse.
        const token = requireBearerToken(request);
        return ok(await refresh({ deps, input: { token }, now: ctx.now() }));
      },
    );

    app.post(
      '/auth/change-password',
      {
        ...limited,
        ...documented({
          tag: 'auth',
          summary: 'Change the password (ends other sessions)',
          body: changePasswordSchema,
          auth: 'required',
        }),
      },
      async (request) => {
        const session = await requireSession(deps, request, ctx.now());
        const input = parseInput(changePasswordSchema, request.body);
        return ok(
          await auth.changePassword({
            deps,
            input: { ...input, session, clientIp: request.ip },
            now: ctx.now(),
          }),
        );
      },
    );

    app.get(
      '/auth/balance-history',
      documented({
        tag: 'auth',
        summary: 'Reward ledger entries, newest first',
        querystring: limitQuerySchema,
        auth: 'required',
      }),
      async (request) => {
        const session = await requireSession(deps, request, ctx.now());
        const { limit } = parseInput(limitQuerySchema, request.query);
        return ok(await auth.balanceHistory({ deps, input: { session, limit } }));
      },
    );
  };
}
