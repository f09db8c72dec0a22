/**
 * A loopback HTTP proxy in front of the object store that counts DELETE requests per object, so a
 * test can prove each object was deleted exactly once; `deleteDelayMs` holds every DELETE a moment,
 * which makes concurrent sweepers overlap for certain.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startCountingProxy(target: { port: number }, deleteDelayMs = 0) {
  const deletes = new Map<string, number>();
  const server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', 'http://proxy');
    // An object delete; an aborted multipart upload (?uploadId=) is a DELETE too, counted apart.
    if (incoming.method === 'DELETE' && !url.searchParams.has('uploadId'))
      deletes.set(url.pathname, (deletes.get(url.pathname) ?? 0) + 1);
    const forward = () => {
      const upstream = request(
        {
          host: '127.0.0.1',
          port: target.port,
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      upstream.on('error', () => outgoing.destroy());
      incoming.pipe(upstream);
    };
    if (incoming.method === 'DELETE' && deleteDelayMs) setTimeout(forward, deleteDelayMs);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    deletes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
