/**
 * No secret reaches a log: the request log keeps method, path and the names of query parameters,
 * but not the values of those that grant something — signatures and object keys of storage URLs,
 * OpenID Connect codes and states, tokens — nor a moderator's search. Headers that carry
 * credentials are redacted too, should anything ever log them.
 */
import type { FastifyServerOptions } from 'fastify';

/**
 * `key`: a local-storage object key holds the upload's secret, which finalize and abort accept.
 * `q`: a moderator's file search, an account's email or a pasted link (whose #key the API, called
 * directly rather than from the console, may still be sent).
 */
const SECRET_PARAMS = new Set([
  'token',
  'code',
  'state',
  'sig',
  'signature',
  'completetoken',
  'key',
  'q',
]);
const isSecretParam = (name: string) => {
  const lower = name.toLowerCase();
  return SECRET_PARAMS.has(lower) || lower.startsWith('x-amz-');
};

export const REDACTED = '[redacted]';

/** The URL with the value of every secret query parameter replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (!isSecretParam(name)) continue;
    params.set(name, REDACTED);
    changed = true;
  }
  return changed ? `${url.slice(0, queryStart)}?${params}` : url;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

const serializers = {
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/**
 * Request bodies are never logged (the `req` serializer keeps none); should a body or a report
 * ever be logged by mistake, the link key a reporter included and the reporter's email still are
 * not (docs/moderation.md).
 */
const redact = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'res.headers["set-cookie"]',
    'headers.authorization',
    'headers.cookie',
    'body.key',
    'body.email',
    'report.key',
    'report.email',
  ],
  censor: REDACTED,
};

/** Logger options with the redacting serializers added (false stays false: no logger). */
export function withLogRedaction(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: { ...(options.serializers ?? {}), ...serializers },
    redact,
  };
}
