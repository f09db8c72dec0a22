/**
 * External sign-in (DESIGN §3): `start` sends the browser to the provider, `callback` receives
 * it back and always ends with a redirect to the web app's /auth/callback page, never an error
 * page: the browser is navigating here, not calling an API.
 */
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../../shared/context';
import { isAppError } from '../../shared/errors';
import { requestOrigin } from '../../shared/origin';
import { rateLimited } from '../../shared/rate-limit';
import { createOidcClient, oidcSettings } from './oidc.client';
import { clearStateCookie, readStateCookie, setStateCookie } from './oidc.cookie';
import * as errors from './oidc.errors';
import { createOidcStatesRepository } from './oidc.repository';
import { callbackQuerySchema } from './oidc.schemas';
import { beginSignIn, completeSignIn, type OidcDeps, STATE_TTL_MS } from './oidc.usecases';

const CALLBACK_PATH = '/api/auth/oidc/callback';

export function oidcRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const settings = oidcSettings(ctx.config);
    const deps: OidcDeps | null = settings && {
      client: createOidcClient(settings),
      states: createOidcStatesRepository({ db: ctx.db }),
      auth: ctx.auth,
      providerName: ctx.config.OIDC_NAME,
    };
    // Every start writes a row: limit it like the other sign-in endpoints.
    const limited = rateLimited(ctx, ctx.config.RATE_LIMIT_AUTH_PER_MINUTE);

    app.get('/auth/oidc/start', limited, async (request, reply) => {
      if (!deps) throw errors.notConfigured();
      const origin = requestOrigin(request, ctx.config.PUBLIC_URL);
      try {
        const { url, state } = await beginSignIn(
          deps,
          { redirectUri: `${origin}${CALLBACK_PATH}` },
          ctx.now(),
        );
        setStateCookie(reply, state, origin, STATE_TTL_MS);
        return reply.header('Cache-Control', 'no-store').redirect(url, 302);
      } catch (error) {
        return fail(reply, request.log, origin, deps.providerName, error);
      }
    });

    app.get('/auth/oidc/callback', async (request, reply) => {
      const origin = requestOrigin(request, ctx.config.PUBLIC_URL);
      clearStateCookie(reply);
      reply.header('Cache-Control', 'no-store');
      if (!deps) return fail(reply, request.log, origin, '', errors.notConfigured());
      try {
        const query = callbackQuerySchema.parse(request.query ?? {});
        const callbackUrl = new URL(`${origin}${CALLBACK_PATH}`);
        callbackUrl.search = new URL(request.url, origin).search;
        const { token } = await completeSignIn(
          deps,
          { callbackUrl, ...query, browserState: readStateCookie(request) },
          ctx.now(),
        );
        const params = new URLSearchParams({ token, success: 'true' });
        return reply.redirect(`${origin}/auth/callback?${params}`, 302);
      } catch (error) {
        return fail(reply, request.log, origin, deps.providerName, error);
      }
    });
  };
}

/** Sends the browser to the web app's callback page with a readable message; logs the cause. */
function fail(
  reply: FastifyReply,
  log: FastifyBaseLogger,
  origin: string,
  providerName: string,
  error: unknown,
) {
  if (isAppError(error)) {
    const cause = error.cause;
    log[cause ? 'error' : 'info'](
      { err: cause ?? error, code: error.code },
      'oidc sign-in refused',
    );
  } else {
    log.error({ err: error }, 'oidc sign-in failed');
  }
  const message = isAppError(error) ? error.message : errors.failed(providerName).message;
  const params = new URLSearchParams({ success: 'false', error: message });
  return reply.redirect(`${origin}/auth/callback?${params}`, 302);
}
