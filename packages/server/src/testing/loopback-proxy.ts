/**
 * The one HTTP proxy of the tests, on a free loopback port in front of `targetPort`: it forwards
 * every request as it came (Host header included, so URLs signed for the proxy's address stay
 * valid) and its answer as it comes. A test changes what it needs through the hooks: the cutting
 * proxy of the download tests (e2e/support/cutting-proxy.ts) drops answers midway, the counting
 * proxy of the fault tests (faults/support/counting-proxy.ts) counts and holds deletes, the CLI's
 * flaky-server proxy (cli/test/dropped-connection.test.ts) answers 503 in the server's place.
 */
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyHooks {
  /** Runs as a request arrives; it is forwarded once this settles. */
  before?: (incoming: IncomingMessage) => Promise<void> | void;
  /** Answers a request in the proxy's place and says so with true: it is then not forwarded. */
  reply?: (incoming: IncomingMessage, outgoing: ServerResponse) => boolean;
  /**
   * Sends an upstream answer on itself (after the status and headers went) and says so with true;
   * otherwise the answer is piped as it is.
   */
  answer?: (
    incoming: IncomingMessage,
    answer: IncomingMessage,
    outgoing: ServerResponse,
  ) => boolean;
}

export interface LoopbackProxy {
  origin: string;
  close: () => Promise<void>;
}

export async function startLoopbackProxy(
  targetPort: number,
  hooks: ProxyHooks = {},
): Promise<LoopbackProxy> {
  const server = createServer(async (incoming, outgoing) => {
    await hooks.before?.(incoming);
    if (hooks.reply?.(incoming, outgoing)) return;
    const upstream = request(
      {
        host: '127.0.0.1',
        port: targetPort,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        if (!hooks.answer?.(incoming, answer, outgoing)) answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
