import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isAppError } from './errors';

/** Fastify's own 4xx errors, reworded for people. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty; send a JSON object',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
  FST_ERR_BAD_URL: 'The address has an invalid percent-escape',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long',
};

/**
 * The one place errors become the `{ status: 'error', message }` envelope. Also
 * Fastify's `frameworkErrors` option: the router's own refusals (a bad percent-escape, an id over
 * maxParamLength) never reach setErrorHandler and would otherwise answer in Fastify's shape.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (isAppError(error)) {
    return reply
      .headers(error.headers)
      .code(error.statusCode)
      .send({ status: 'error', message: error.message });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message =
      (error.code && FRAMEWORK_MESSAGES[error.code]) ??
      (status === 429 ? 'Too many requests, please slow down' : error.message);
    return reply.code(status).send({ status: 'error', message });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ status: 'error', message: 'Internal server error' });
}
