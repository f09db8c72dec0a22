/**
 * An HTTP proxy that drops the connection in the middle of chosen responses, as a flaky network
 * would: for each response it is told to cut, it sends the bytes up to the next cut point (a
 * fraction of the whole object) and then destroys the socket. It records every Range header it
 * forwards, so a test can see how the client resumed. Host headers pass unchanged, so URLs the app
 * signs for the proxy's address stay valid (packages/server/src/testing/loopback-proxy.ts).
 */
import type { IncomingMessage } from 'node:http';
import { startLoopbackProxy } from '../../packages/server/src/testing/loopback-proxy';

export interface CuttingProxy {
  origin: string;
  /** Range headers of the cut-eligible requests, in order (null: no Range). */
  ranges: (string | null)[];
  close: () => Promise<void>;
}

export async function startCuttingProxy(options: {
  targetPort: number;
  /** Which responses carry the object (and may be cut). */
  carriesObject: (request: IncomingMessage) => boolean;
  /** Where to cut, as fractions of the whole object, in order; each is used once. */
  cuts: number[];
}): Promise<CuttingProxy> {
  const cuts = [...options.cuts];
  const ranges: (string | null)[] = [];
  const proxy = await startLoopbackProxy(options.targetPort, {
    before: (incoming) => {
      if (options.carriesObject(incoming)) ranges.push(incoming.headers.range ?? null);
    },
    answer: (incoming, answer, outgoing) => {
      if (!options.carriesObject(incoming) || (answer.statusCode ?? 0) >= 300) return false;
      const { start, total } = span(answer);
      const cut = cuts[0] !== undefined ? Math.floor(cuts[0] * total) : Number.POSITIVE_INFINITY;
      if (cut > start) cuts.shift();
      let position = start;
      answer.on('data', (chunk: Buffer) => {
        if (position + chunk.length >= cut) {
          outgoing.write(chunk.subarray(0, cut - position));
          answer.destroy();
          outgoing.socket?.destroy();
          return;
        }
        position += chunk.length;
        if (!outgoing.write(chunk)) {
          answer.pause();
          outgoing.once('drain', () => answer.resume());
        }
      });
      answer.on('end', () => outgoing.end());
      return true;
    },
  });
  return { ...proxy, ranges };
}

/** Where a response starts in the object and the object's whole size. */
function span(answer: IncomingMessage): { start: number; total: number } {
  const range = /^bytes (\d+)-\d+\/(\d+)$/.exec(String(answer.headers['content-range'] ?? ''));
  if (range) return { start: Number(range[1]), total: Number(range[2]) };
  return { start: 0, total: Number(answer.headers['content-length'] ?? 0) };
}
