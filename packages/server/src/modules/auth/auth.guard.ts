import type { FastifyRequest } from 'fastify';
import { accountSuspended } from '../moderation/moderation.errors';
import type { AuthDeps, Session } from './auth.deps';
import { unauthorized } from './auth.errors';
import { authenticate } from './auth.usecases';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? '';
}

/** The bearer token a request carries, or 401 (for a route that judges the token itself). */
export function requireBearerToken(request: FastifyRequest): string {
  const token = bearerToken(request);
  if (token === null) throw unauthorized();
  if (!token) throw unauthorized('Session expired or invalid. Please log in again.');
  return token;
}

/** The signed-in session, or 401; 403 for an account a moderator suspended. */
export async function requireSession(
  deps: AuthDeps,
  request: FastifyRequest,
  now: Date,
): Promise<Session> {
  const token = bearerToken(request);
  if (token === null) throw unauthorized();
  const session = token ? await authenticate({ deps, input: { token }, now }) : null;
  if (!session) throw unauthorized('Session expired or invalid. Please log in again.');
  if (session.user.suspended_at !== null) throw accountSuspended();
  return session;
}

/** Guests are welcome; a token that is sent must be valid, so that nobody uploads as "guest" by mistake. */
export async function optionalSession(
  deps: AuthDeps,
  request: FastifyRequest,
  now: Date,
): Promise<Session | null> {
  if (bearerToken(request) === null) return null;
  return requireSession(deps, request, now);
}
