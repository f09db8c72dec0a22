/**
 * Who may use /api/admin/*: a signed-in account whose verified address is in ADMIN_EMAILS. Anyone
 * else (no token, a bad one, another account, an admin address not yet verified) gets the answer
 * of a route that does not exist, before the body is even read, so that nothing (not a 400 for a
 * bad body, nor a 413 for a large one) tells the admin routes apart from unknown ones.
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from '../../context';
import { isAppError } from '../../shared/errors';
import { routeNotFound } from '../../shared/not-found';
import { optionalSession } from '../auth/auth.guard';
import { isAdmin } from '../feedback/feedback.models';
import type { ModerationActor } from './moderation.removal';

const admins = new WeakMap<FastifyRequest, ModerationActor>();

async function adminOf(ctx: AppContext, request: FastifyRequest): Promise<ModerationActor | null> {
  // A bad, expired or suspended session is nobody; a database that fails is still a 5xx.
  const session = await optionalSession(ctx.auth, request, ctx.now()).catch((error: unknown) => {
    if (isAppError(error) && error.statusCode < 500) return null;
    throw error;
  });
  if (!session) return null;
  const { user } = session;
  const actor = { id: user.id, email: user.email, emailVerified: user.email_verified === 1 };
  return isAdmin(actor, ctx.config.ADMIN_EMAILS) ? { accountId: user.id, label: user.email } : null;
}

/** The hook every admin route runs first (registered on the admin plugin). */
export function requireAdmin(ctx: AppContext): onRequestAsyncHookHandler {
  return async (request) => {
    const admin = await adminOf(ctx, request);
    if (!admin) throw routeNotFound(request.method, request.url);
    admins.set(request, admin);
  };
}

/** The admin the guard let through. */
export function adminActor(request: FastifyRequest): ModerationActor {
  const admin = admins.get(request);
  // Only reachable if a route were registered outside the guarded plugin.
  if (!admin) throw routeNotFound(request.method, request.url);
  return admin;
}
