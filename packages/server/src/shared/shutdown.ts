/**
 * Graceful shutdown (docs/deploy.md "Shutdown and logs"). On SIGTERM or SIGINT the process stops accepting
 * connections at once, lets the requests in flight finish for up to SHUTDOWN_GRACE_SECONDS (an
 * upload part being PUT is not cut off by a deploy), then closes whatever is still open, stops its
 * background work, closes its pools and exits 0. A second signal exits at once.
 */
import type { FastifyInstance } from 'fastify';

/**
 * While the server closes, a request arriving on a keep-alive connection that was already open
 * gets a 503 in the error envelope (Fastify's own would be in its shape), with Connection: close,
 * so a proxy retries it on another process. Pair with Fastify's `return503OnClosing: false`.
 */
export function refuseRequestsWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    return reply
      .code(503)
      .header('connection', 'close')
      .send({ status: 'error', message: 'Service unavailable: the server is shutting down' });
  });
}

export function shutDownOnSignals(input: {
  app: FastifyInstance;
  graceSeconds: number;
  /** Called at the signal so no new background work starts; awaited once requests are done. */
  stopWork: () => Promise<void>;
  /** Called last, when nothing uses them any more: database pool, Redis… */
  closePools: () => Promise<void>;
  exit?: (code: number) => void;
}): void {
  const { app, exit = (code) => process.exit(code) } = input;
  let shuttingDown = false;

  const onSignal = async (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      app.log.warn(`${signal} again: exiting without waiting`);
      exit(1);
      return;
    }
    shuttingDown = true;
    app.log.info(
      `${signal}: shutting down, letting requests in flight finish (up to ${input.graceSeconds} s)`,
    );
    const workStopped = input.stopWork();
    // app.close() stops listening, closes idle keep-alive connections and answers 503 to requests
    // that arrive on open ones, then waits for those in flight; past the grace period it stops waiting.
    const graceOver = setTimeout(() => {
      app.log.warn('shutdown grace period over: closing the connections still open');
      app.server.closeAllConnections();
    }, input.graceSeconds * 1000);
    // A keep-alive connection whose request just finished would otherwise hold the close until
    // the client or the keep-alive timeout lets go of it.
    const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'closing the server failed');
    }
    clearTimeout(graceOver);
    clearInterval(idleSweep);
    try {
      await workStopped;
      await input.closePools();
    } catch (err) {
      app.log.error({ err }, 'closing pools failed');
    }
    app.log.info('shut down');
    exit(0);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
