import type { BrowserContext, Request } from 'playwright-core';

export interface SeenRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Every request the context sends, so a test can look for the fragment key in any of them. */
export function recordRequests(context: BrowserContext): SeenRequest[] {
  const seen: SeenRequest[] = [];
  context.on('request', (request: Request) => {
    const body = request.postDataBuffer();
    // Part bodies are ciphertext; only text bodies could carry a key by mistake.
    const text = body && body.length < 100_000 ? body.toString('utf8') : '';
    seen.push({ url: request.url(), headers: request.headers(), body: text });
  });
  return seen;
}
