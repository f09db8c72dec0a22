import { sleep } from './client/retry';

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

/**
 * Asks until the answer no longer says to wait (a file still uploading, or being checked for
 * malware), at the pace above. `onWait` hears of the first answer that says to wait, once;
 * `first` is an answer already in hand, which counts as the first.
 */
export async function askWhileWaiting<T>(
  ask: () => Promise<T>,
  isWaiting: (answer: T) => boolean,
  options: { signal?: AbortSignal; onWait?: (answer: T) => void; first?: T } = {},
): Promise<T> {
  let answer = options.first ?? (await ask());
  for (let answers = 1; isWaiting(answer); answers += 1) {
    if (answers === 1) options.onWait?.(answer);
    await sleep(uploadWaitDelay(answers), options.signal);
    answer = await ask();
  }
  return answer;
}
