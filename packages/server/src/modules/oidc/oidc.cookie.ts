/**
 * Binds a sign-in to the browser that started it. Without this, someone could start a sign-in
 * with their own provider account and send the callback URL to a victim, signing the victim into
 * the attacker's account (login CSRF). SameSite=Lax still travels on the provider's top-level
 * redirect back to us.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

const NAME = 'sealdrop_oidc_state';
const PATH = '/api/auth/oidc';

export function setStateCookie(reply: FastifyReply, state: string, origin: string, ttlMs: number) {
  const secure = origin.startsWith('https:') ? '; Secure' : '';
  const maxAge = Math.floor(ttlMs / 1000);
  reply.header(
    'Set-Cookie',
    `${NAME}=${state}; Path=${PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
  );
}

export function clearStateCookie(reply: FastifyReply) {
  reply.header('Set-Cookie', `${NAME}=; Path=${PATH}; Max-Age=0; HttpOnly; SameSite=Lax`);
}

export function readStateCookie(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === NAME) return value.join('=') || undefined;
  }
  return undefined;
}
