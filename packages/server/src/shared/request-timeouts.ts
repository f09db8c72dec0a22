/**
 * How long the server waits for a client. Fastify's own defaults are 0 (no limit), which also
 * switches off Node's 300-second request limit: a client trickling a byte now and then would hold
 * a connection, and a temporary upload file, forever. Three limits instead (docs/deploy.md):
 * - headers: the whole request head must arrive within HEADERS_TIMEOUT_MS (slow-header attacks);
 * - body idle: a request body that sends no byte for REQUEST_BODY_IDLE_SECONDS is cut off (its
 *   socket destroyed; the local store then removes the temporary file). Idle, not total: a large
 *   part on a slow link keeps going as long as bytes keep coming;
 * - keep-alive: an idle connection between requests is closed after KEEP_ALIVE_TIMEOUT_SECONDS.
 * Nothing bounds the time a handler takes: a long finalize is not cut off.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const HEADERS_TIMEOUT_MS = 30_000;

export function applyRequestTimeouts(
  app: FastifyInstance,
  settings: { bodyIdleSeconds: number; keepAliveSeconds: number },
): void {
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;
  app.server.keepAliveTimeout = settings.keepAliveSeconds * 1000;
  const idleMs = settings.bodyIdleSeconds * 1000;
  app.addHook('onRequest', (request, reply, done) => {
    watchBody(request.raw, reply.raw, idleMs);
    done();
  });
}

function hasBody(raw: IncomingMessage): boolean {
  const length = raw.headers['content-length'];
  return (length !== undefined && length !== '0') || raw.headers['transfer-encoding'] !== undefined;
}

/**
 * The socket's inactivity timer runs while the body arrives and stops once it has all arrived, so
 * a handler that then works for a long time is left alone. On timeout the request is destroyed,
 * which closes the socket and errors the body stream for whoever reads it.
 */
function watchBody(raw: IncomingMessage, response: ServerResponse, idleMs: number): void {
  const socket = raw.socket;
  // Injected requests (tests, light-my-request) have a stand-in socket without timers.
  if (!hasBody(raw) || raw.complete || typeof socket?.setTimeout !== 'function') return;
  const onIdle = () => {
    if (!raw.complete) raw.destroy();
  };
  socket.setTimeout(idleMs);
  socket.on('timeout', onIdle);
  raw.once('end', () => {
    socket.off('timeout', onIdle);
    // A body read after the answer (Node drains it) must not cancel the keep-alive timer that
    // Node set when the answer was sent.
    if (!socket.destroyed && !response.writableFinished) socket.setTimeout(0);
  });
  socket.once('close', () => socket.off('timeout', onIdle));
}
