/**
 * How a recipient waits for a link whose sender is still uploading: ask again 2 s after
 * the first answer, then 1.5× longer each time, up to 15 s, never more than once every 2 s. Shared
 * by the download page and the command-line client.
 */
export const UPLOAD_WAIT_POLL = { firstMs: 2000, factor: 1.5, maxMs: 15_000 } as const;

export function uploadWaitDelay(answersSoFar: number): number {
  const { firstMs, factor, maxMs } = UPLOAD_WAIT_POLL;
  return Math.min(maxMs, Math.round(firstMs * factor ** Math.max(0, answersSoFar - 1)));
}
