/**
 * A loopback proxy (testing/loopback-proxy.ts) in front of the object store that counts DELETE
 * requests per object, so a test can prove each object was deleted exactly once; `deleteDelayMs`
 * holds every DELETE a moment, which makes concurrent sweepers overlap for certain.
 */
import { startLoopbackProxy } from '../../testing/loopback-proxy';

export async function startCountingProxy(target: { port: number }, deleteDelayMs = 0) {
  const deletes = new Map<string, number>();
  const proxy = await startLoopbackProxy(target.port, {
    before: async (incoming) => {
      if (incoming.method !== 'DELETE') return;
      const url = new URL(incoming.url ?? '/', 'http://proxy');
      // An object delete; an aborted multipart upload (?uploadId=) is a DELETE too, counted apart.
      if (!url.searchParams.has('uploadId'))
        deletes.set(url.pathname, (deletes.get(url.pathname) ?? 0) + 1);
      if (deleteDelayMs) await new Promise((resolve) => setTimeout(resolve, deleteDelayMs));
    },
  });
  return { endpoint: proxy.origin, deletes, close: proxy.close };
}
