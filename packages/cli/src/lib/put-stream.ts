/**
 * One PUT of a streamed body to a pre-signed storage URL, with its exact Content-Length (storage
 * signed for that many bytes; S3 refuses chunked uploads). node:http rather than fetch: fetch
 * would send a stream body chunked. Returns the ETag, which finalize needs for each part.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isRetryablePutStatus } from '@sealdrop/core/client/retry';

export class PutError extends Error {
  override name = 'PutError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** Kept-alive connections, one per part in flight, reused from part to part. */
const agents = {
  http: new HttpAgent({ keepAlive: true }),
  https: new HttpsAgent({ keepAlive: true }),
};

export interface PutStreamOptions {
  url: string;
  body: AsyncIterable<Uint8Array>;
  size: number;
  contentType: string;
  signal?: AbortSignal;
  /** Bytes of this body written to the connection so far. */
  onBytes?: (sent: number) => void;
}

export async function putStream(options: PutStreamOptions): Promise<{ etag: string | null }> {
  const { url, size, signal } = options;
  const secure = url.startsWith('https:');
  const request = (secure ? httpsRequest : httpRequest)(url, {
    method: 'PUT',
    agent: secure ? agents.https : agents.http,
    headers: { 'Content-Type': options.contentType, 'Content-Length': String(size) },
    signal,
  });
  const answered = new Promise<IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  answered.catch(() => {}); // awaited below; a failed write is reported first
  let sent = 0;
  const counted = Readable.from(
    (async function* () {
      for await (const chunk of options.body) {
        yield chunk;
        sent += chunk.length;
        options.onBytes?.(sent);
      }
    })(),
    { objectMode: false, highWaterMark: 1024 * 1024 },
  );
  try {
    await pipeline(counted, request);
  } catch (error) {
    if (signal?.aborted) throw error;
    // Storage may refuse early (an expired URL) and close the connection: its answer says why.
    const early = await Promise.race([answered, delay(200)]).catch(() => null);
    if (early) return settle(early);
    if (error instanceof PutError || !isNetworkError(error)) throw error;
    throw new PutError(`Network error during upload: ${(error as Error).message}`, null, true);
  }
  let response: IncomingMessage;
  try {
    response = await answered;
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new PutError(`Network error during upload: ${(error as Error).message}`, null, true);
  }
  return settle(response);
}

async function settle(response: IncomingMessage): Promise<{ etag: string | null }> {
  let text = '';
  for await (const chunk of response) if (text.length < 400) text += String(chunk);
  const status = response.statusCode ?? 0;
  if (status < 200 || status >= 300) {
    // 403 is usually an expired pre-signed URL: worth another try with a fresh one.
    const retryable = isRetryablePutStatus(status);
    throw new PutError(`Upload failed: ${status} ${text.slice(0, 200)}`, status, retryable);
  }
  const etag = response.headers.etag;
  return { etag: typeof etag === 'string' ? etag : null };
}

function isNetworkError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(E[A-Z]+|ERR_STREAM_PREMATURE_CLOSE|UND_ERR.*)$/.test(code);
}

function delay(ms: number): Promise<null> {
  return new Promise((resolve) => setTimeout(resolve, ms, null).unref());
}
