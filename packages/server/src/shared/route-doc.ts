import type { FastifySchema } from 'fastify';
import type { z } from 'zod/mini';

/** What the OpenAPI document (modules/api-docs) says about one route. */
export interface RouteDoc {
  tag: string;
  summary: string;
  body?: z.core.$ZodType;
  querystring?: z.core.$ZodType;
  params?: z.core.$ZodType;
  /** 'required': a bearer token or 401; 'optional': a token changes the answer (tier, owner). */
  auth?: 'required' | 'optional';
  /** Kept out of the document (the local driver's signed storage URLs). */
  hidden?: boolean;
}

/**
 * Route options carrying the route's OpenAPI description, built from the same zod schemas its
 * handler validates with (parseInput). Fastify itself does not validate with them: app.ts sets
 * pass-through compilers, so every 400 keeps parseInput's one message format and a missing token
 * answers 401 before a bad body answers 400.
 */
export function documented(doc: RouteDoc): { schema: FastifySchema } {
  const security: Record<string, string[]>[] | undefined =
    doc.auth === 'required'
      ? [{ bearerAuth: [] }]
      : doc.auth === 'optional'
        ? [{}, { bearerAuth: [] }]
        : undefined;
  return {
    schema: {
      tags: [doc.tag],
      summary: doc.summary,
      ...(doc.body && { body: doc.body }),
      ...(doc.querystring && { querystring: doc.querystring }),
      ...(doc.params && { params: doc.params }),
      ...(security && { security }),
      ...(doc.hidden && { hide: true }),
    },
  };
}
