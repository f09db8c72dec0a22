/** Routes of the mailed-link flows: verify an address, recover a password, restore an address. */
import {
  forgotPasswordSchema,
  resetPasswordSchema,
  restoreEmailSchema,
  verifyEmailSchema,
} from '@sealdrop/core/api-auth-schemas';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { ok } from '../../shared/envelope';
import { requestOrigin } from '../../shared/origin';
import { rateLimited } from '../../shared/rate-limit';
import { documented, type RouteDoc } from '../../shared/route-doc';
import { parseInput } from '../../shared/validation';
import { requireSession } from './auth.guard';
import { forgotPassword, resetPassword } from './auth.recovery';
import { restoreEmail } from './auth.restore';
import { resendVerification, verifyEmail } from './auth.verification';

export function authEmailRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const deps = ctx.auth;
    const limited = rateLimited(ctx, ctx.config.RATE_LIMIT_AUTH_PER_MINUTE);
    /** Every mailed-link route shares the auth rate limit and the API document's auth tag. */
    const options = (doc: Omit<RouteDoc, 'tag'>) => ({
      ...limited,
      ...documented({ tag: 'auth', ...doc }),
    });

    // Tokens travel in bodies, never in URLs, so no access log ever holds one.
    app.post(
      '/auth/verify-email',
      options({
        summary: 'Verify an email address with the token from the mail',
        body: verifyEmailSchema,
      }),
      async (request) => {
        const input = parseInput(verifyEmailSchema, request.body);
        const origin = requestOrigin(request, ctx.config.PUBLIC_URL);
        return ok(await verifyEmail({ deps, input: { ...input, origin }, now: ctx.now() }));
      },
    );

    app.post(
      '/auth/resend-verification',
      options({
        summary: 'Send the verification mail again',
        auth: 'required',
      }),
      async (request) => {
        const session = await requireSession(deps, request, ctx.now());
        const origin = requestOrigin(request, ctx.config.PUBLIC_URL);
        return ok(await resendVerification({ deps, session, origin, now: ctx.now() }));
      },
    );

    app.post(
      '/auth/forgot-password',
      options({
        summary: 'Mail a password-reset link (same answer for unknown addresses)',
        body: forgotPasswordSchema,
      }),
      async (request) => {
        const input = parseInput(forgotPasswordSchema, request.body);
        const origin = requestOrigin(request, ctx.config.PUBLIC_URL);
        return ok(await forgotPassword({ deps, input, origin, now: ctx.now() }));
      },
    );

    app.post(
      '/auth/reset-password',
      options({
        summary: 'Set a new password with the token from the mail',
        body: resetPasswordSchema,
      }),
      async (request) => {
        const input = parseInput(resetPasswordSchema, request.body);
        return ok(await resetPassword({ deps, input, now: ctx.now() }));
      },
    );

    app.post(
      '/auth/restore-email',
      options({
        summary:
          '"This wasn\'t me": put back the address an email change replaced, with a new password',
        body: restoreEmailSchema,
      }),
      async (request) => {
        const input = parseInput(restoreEmailSchema, request.body);
        return ok(await restoreEmail({ deps, input, now: ctx.now() }));
      },
    );
  };
}
