/**
 * The visitor cookie: an id the server issues with a browser's first download URL, so that its
 * own retries of a limited link count once. The value is `{id}.{HMAC of id}` under a key derived
 * from the server secret: a client cannot make one up, and a value the server did not sign counts
 * as no cookie (a new one is issued). HttpOnly and scoped to /api; only a hash of the id is stored.
 * It grants nothing but "this browser was already counted", and only together with the address
 * it was counted from (files.usecases.ts), so sharing the value shares nothing.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const NAME = 'sealdrop_visitor';
// /api, not /api/files: the short-link resolve (/api/s/:code) must know the browser too.
const PATH = '/api';
const MAX_AGE_SECONDS = 24 * 60 * 60;
const VALUE = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;

export interface VisitorCookies {
  /** The hashed visitor id of this request, or null when it carries no cookie the server signed. */
  read(request: FastifyRequest): string | null;
  /** The request's visitor id, issuing a new signed cookie on `reply` when it had none. */
  ensure(request: FastifyRequest, reply: FastifyReply, origin: string): string;
}

export function createVisitorCookies(secret: string): VisitorCookies {
  const key = createHmac('sha256', secret).update('sealdrop visitor cookies').digest();
  const sign = (id: string) => createHmac('sha256', key).update(id).digest('base64url');
  const hash = (id: string) => createHash('sha256').update(id).digest('hex');

  const signedId = (request: FastifyRequest): string | null => {
    for (const part of (request.headers.cookie ?? '').split(';')) {
      const [name, value] = part.trim().split('=');
      const match = name === NAME && value ? VALUE.exec(value) : null;
      if (!match?.[1] || !match[2]) continue;
      const expected = Buffer.from(sign(match[1]));
      const given = Buffer.from(match[2]);
      if (given.length === expected.length && timingSafeEqual(given, expected)) return match[1];
    }
    return null;
  };

  return {
    read(request) {
      const id = signedId(request);
      return id ? hash(id) : null;
    },
    ensure(request, reply, origin) {
      const existing = signedId(request);
      if (existing) return hash(existing);
      const id = randomBytes(32).toString('base64url');
      const secure = origin.startsWith('https:') ? '; Secure' : '';
      reply.header(
        'Set-Cookie',
        `${NAME}=${id}.${sign(id)}; Path=${PATH}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
      );
      return hash(id);
    },
  };
}
