/**
 * External sign-in: `start` sends the browser to the provider, `callback` receives
 * it back and always ends with a redirect to the web app's /auth/callback page (or, for a link
 * started in settings, /account/settings), never an error page: the browser is navigating here,
 * not calling an API. No token is ever put in a URL: the page exchanges the login cookie at
 * `exchange`.
 */
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { ok } from '../../shared/envelope';
import { isAppError } from '../../shared/errors';
import { requestOrigin } from '../../shared/origin';
import { rateLimited } from '../../shared/rate-limit';
import { documented } from '../../shared/route-doc';
import { requireSession } from '../auth/auth.guard';
import { createOidcClient, oidcSettings } from './oidc.client';
import {
  clearLoginCookie,
  clearStateCookie,
  readLoginCookie,
  readStateCookie,
  setLoginCookie,
  setStateCookie,
} from './oidc.cookie';
import * as errors from './oidc.errors';
import { createOidcStatesRepository } from './oidc.repository';
import { callbackQuerySchema } from './oidc.schemas';
import {
  beginSignIn,
  completeSignIn,
  exchangeLoginCode,
  LOGIN_CODE_TTL_MS,
  type OidcDeps,
  STATE_TTL_MS,
} from './oidc.usecases';

const CALLBACK_PATH = '/api/auth/oidc/callback';
/** `?linked=` value on the settings page after a successful link; failures go to /auth/callback. */
const OIDC_LINKED = 'success';

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

    app.get(
      '/auth/oidc/start',
      {
        ...limited,
        ...documented({ tag: 'oidc', summary: 'Redirect to the OpenID Connect provider' }),
      },
      async (request, reply) => {
        if (!deps) throw errors.notConfigured();
        const origin = requestOrigin(request, ctx.config.PUBLIC_URL);
        try {
          const { url, state } = await beginSignIn({
            deps,
            input: { redirectUri: `${origin}${CALLBACK_PATH}` },
            now: ctx.now(),
          });
          setStateCookie(reply, state, origin, STATE_TTL_MS);
          return reply.header('Cache-Control', 'no-store').redirect(url, 302);
        } catch (error) {
          return fail(reply, request.log, origin, deps.providerName, error);
        }
      },
    );

    // Settings' "Link {provider}": the same flow, bound to the signed-in account.
    app.post(
      '/auth/oidc/link',
      {
        ...limited,
        ...documented({
          tag: 'oidc',
          summary: 'Start linking the provider to the signed-in account; answers the URL to open',
          auth: 'required',
        }),
      },
      async (request, reply) => {
        const session = await requireSession(ctx.auth, request, ctx.now());
        if (!deps) throw errors.notConfigured();
        const origin = requestOrigin(request, ctx.config.PUBLIC_URL);
        const redirectUri = `${origin}${CALLBACK_PATH}`;
        const { url, state } = await beginSignIn({
          deps,
          input: { redirectUri, linkUserId: session.user.id },
          now: ctx.now(),
        });
        setStateCookie(reply, state, origin, STATE_TTL_MS);
        return reply.header('Cache-Control', 'no-store').send(ok({ url }));
      },
    );

    app.get(
      '/auth/oidc/callback',
      documented({
        tag: 'oidc',
        summary: "The provider's redirect back; ends at /auth/callback without a token in the URL",
        querystring: callbackQuerySchema,
      }),
      async (request, reply) => {
        const origin = requestOrigin(request, ctx.config.PUBLIC_URL);
        clearStateCookie(reply);
        reply.header('Cache-Control', 'no-store');
        if (!deps) return fail(reply, request.log, origin, '', errors.notConfigured());
        try {
          const query = callbackQuerySchema.parse(request.query ?? {});
          const callbackUrl = new URL(`${origin}${CALLBACK_PATH}`);
          callbackUrl.search = new URL(request.url, origin).search;
          const outcome = await completeSignIn({
            deps,
            input: { callbackUrl, ...query, browserState: readStateCookie(request) },
            now: ctx.now(),
          });
          if (outcome.kind === 'linked') {
            return reply.redirect(`${origin}/account/settings?linked=${OIDC_LINKED}`, 302);
          }
          setLoginCookie(reply, outcome.code, origin, LOGIN_CODE_TTL_MS);
          return reply.redirect(`${origin}/auth/callback?success=true`, 302);
        } catch (error) {
          return fail(reply, request.log, origin, deps.providerName, error);
        }
      },
    );

    // The page's POST: the login cookie (HttpOnly, set by the callback above) becomes a session.
    app.post(
      '/auth/oidc/exchange',
      {
        ...limited,
        ...documented({
          tag: 'oidc',
          summary: 'Trade the HttpOnly login cookie set by the callback for a session token',
        }),
      },
      async (request, reply) => {
        const code = readLoginCookie(request);
        clearLoginCookie(reply);
        reply.header('Cache-Control', 'no-store');
        if (!deps) throw errors.notConfigured();
        return ok(await exchangeLoginCode({ deps, input: { code }, now: ctx.now() }));
      },
    );
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
  // `reason` lets the page explain known refusals in its own words: it never shows the free
  // text of a URL, which anyone can craft.
  const reason = isAppError(error) ? error.code : 'oidc.failed';
  const params = new URLSearchParams({ success: 'false', error: message, reason });
  return reply.redirect(`${origin}/auth/callback?${params}`, 302);
}
