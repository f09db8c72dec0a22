import type { BrowserContext, Request } from 'playwright-core';
import { expect } from 'vitest';

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

/**
 * The link's key (or any secret) reached no request the browser sent, in its URL, headers or
 * text body, and no line the server logged.
 */
export function expectSecretNowhere(
  secret: string,
  requests: readonly SeenRequest[],
  serverLogs: readonly string[] = [],
): void {
  expect(secret).not.toBe('');
  for (const request of requests) {
    expect(request.url).not.toContain(secret);
    expect(JSON.stringify(request.headers)).not.toContain(secret);
    expect(request.body).not.toContain(secret);
  }
  expect(serverLogs.join('')).not.toContain(secret);
}
