/**
 * The two cookies of an external sign-in, both HttpOnly and scoped to /api/auth/oidc.
 * - state: binds a sign-in to the browser that started it. Without it, someone could start a
 *   sign-in with their own provider account and send the callback URL to a victim (login CSRF).
 * - login: the one-time code the callback leaves for the page to exchange over POST, so no token
 *   ever sits in a URL. A crafted link cannot set it.
 * SameSite=Lax still travels on the provider's top-level redirect back to us, and on the page's
 * same-origin POST.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

const STATE = 'sealdrop_oidc_state';
const LOGIN = 'sealdrop_oidc_login';
const PATH = '/api/auth/oidc';

function cookie(name: string, value: string, maxAgeSeconds: number, origin?: string) {
  const secure = origin?.startsWith('https:') ? '; Secure' : '';
  return `${name}=${value}; Path=${PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

function read(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=') || undefined;
  }
  return undefined;
}

export function setStateCookie(reply: FastifyReply, state: string, origin: string, ttlMs: number) {
  reply.header('Set-Cookie', cookie(STATE, state, Math.floor(ttlMs / 1000), origin));
}

export function clearStateCookie(reply: FastifyReply) {
  reply.header('Set-Cookie', cookie(STATE, '', 0));
}

export function readStateCookie(request: FastifyRequest): string | undefined {
  return read(request, STATE);
}

export function setLoginCookie(reply: FastifyReply, code: string, origin: string, ttlMs: number) {
  reply.header('Set-Cookie', cookie(LOGIN, code, Math.floor(ttlMs / 1000), origin));
}

export function clearLoginCookie(reply: FastifyReply) {
  reply.header('Set-Cookie', cookie(LOGIN, '', 0));
}

export function readLoginCookie(request: FastifyRequest): string | undefined {
  return read(request, LOGIN);
}
