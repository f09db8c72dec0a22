// The soak's reverse proxy (node:http): round robin over the server processes, as nginx or a load
// balancer would spread requests. Like nginx's default `proxy_next_upstream error`, a request
// whose connection is refused before anything was sent goes to the next process; one cut off
// mid-way answers 502. Every answer is logged (time, status, method, path without its query) for
// the check that 5xx come only inside fault windows.
import { createServer, request } from 'node:http';

/** @param {{ backends: () => number[], maxRequests: number }} options ports of the processes */
export async function startBalancer({ backends, maxRequests }) {
  /** @type {{ at: number, status: number, method: string, path: string }[]} */
  const answers = [];
  let next = 0;
  let count = 0;
  const server = createServer((incoming, outgoing) => {
    count += 1;
    const path = (incoming.url ?? '/').split('?')[0] ?? '/';
    const log = (status) =>
      answers.push({ at: Date.now(), status, method: incoming.method ?? '', path });
    const ports = backends();
    const attempt = (tries, body) => {
      const port = ports[next++ % ports.length];
      let connected = false;
      const upstream = request(
        {
          host: '127.0.0.1',
          port,
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
        },
        (answer) => {
          log(answer.statusCode ?? 502);
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          answer.on('error', () => outgoing.destroy());
        },
      );
      upstream.on('socket', (socket) => {
        // A kept-alive socket is connected already; only a new one waits for 'connect'.
        if (!socket.connecting) connected = true;
        else socket.once('connect', () => (connected = true));
      });
      upstream.on('error', (error) => {
        const refused = /** @type {NodeJS.ErrnoException} */ (error).code === 'ECONNREFUSED';
        if (refused && !connected && tries < ports.length) return attempt(tries + 1, body);
        if (outgoing.headersSent) return outgoing.destroy();
        log(502);
        outgoing.writeHead(502, { 'content-type': 'application/json' });
        outgoing.end(JSON.stringify({ status: 'error', message: 'Bad gateway' }));
      });
      upstream.end(body);
    };
    // Bodies through the API are small JSON (files go straight to the store): read them whole, so
    // a refused connection can be retried on the next process with the same body.
    const chunks = [];
    incoming.on('data', (chunk) => chunks.push(chunk));
    incoming.on('end', () => attempt(1, Buffer.concat(chunks)));
    incoming.on('error', () => outgoing.destroy());
  });
  server.keepAliveTimeout = 5000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    answers,
    requests: () => count,
    overBudget: () => count >= maxRequests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
