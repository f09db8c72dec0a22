/**
 * The visitor cookie: a random id a browser gets with its first download URL, so that its own
 * retries of a limited link count once (issue 16 item 3). HttpOnly and scoped to /api; only
 * its SHA-256 is stored. It grants nothing but "this browser was already counted".
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const NAME = 'sealdrop_visitor';
// /api, not /api/files: the short-link resolve (/api/s/:code) must know the browser too.
const PATH = '/api';
const MAX_AGE_SECONDS = 24 * 60 * 60;
const VALUE = /^[A-Za-z0-9_-]{43}$/;

function read(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, value] = part.trim().split('=');
    if (key === NAME && value && VALUE.test(value)) return value;
  }
  return undefined;
}

function hash(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** The hashed visitor id of this request, or null when the browser has none yet. */
export function visitorHash(request: FastifyRequest): string | null {
  const value = read(request);
  return value ? hash(value) : null;
}

/** The request's visitor id, issuing a new cookie on `reply` when it had none. */
export function ensureVisitor(
  request: FastifyRequest,
  reply: FastifyReply,
  origin: string,
): string {
  const existing = read(request);
  if (existing) return hash(existing);
  const value = randomBytes(32).toString('base64url');
  const secure = origin.startsWith('https:') ? '; Secure' : '';
  reply.header(
    'Set-Cookie',
    `${NAME}=${value}; Path=${PATH}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
  );
  return hash(value);
}
