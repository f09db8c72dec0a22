import type { FastifyRequest } from 'fastify';

/** The public origin links are built from: PUBLIC_URL when set, else the request's own origin. */
export function requestOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return new URL(publicUrl).origin;
  return `${request.protocol}://${request.host}`;
}
