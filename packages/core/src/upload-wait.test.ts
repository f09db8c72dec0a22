import { afterEach, describe, expect, it, vi } from 'vitest';
import { askWhileWaiting, uploadWaitDelay } from './upload-wait';

describe('askWhileWaiting', () => {
  afterEach(() => vi.useRealTimers());

  it('asks again at the waiting pace until the answer is ready, telling of the first wait once', async () => {
    vi.useFakeTimers();
    const answers = ['scanning', 'scanning', 'ready'];
    const asked: number[] = [];
    const waits: string[] = [];
    const done = askWhileWaiting(
      async () => {
        asked.push(Date.now());
        return answers.shift()!;
      },
      (answer) => answer === 'scanning',
      { onWait: (answer) => waits.push(answer) },
    );
    await vi.runAllTimersAsync();
    expect(await done).toBe('ready');
    expect(waits).toEqual(['scanning']);
    expect(asked.slice(1).map((at) => at - asked[0]!)).toEqual([
      uploadWaitDelay(1),
      uploadWaitDelay(1) + uploadWaitDelay(2),
    ]);
  });

  it('counts an answer already in hand as the first, asking nothing when it is ready', async () => {
    const ask = vi.fn(async () => 'ready');
    expect(await askWhileWaiting(ask, (answer) => answer !== 'ready', { first: 'ready' })).toBe(
      'ready',
    );
    expect(ask).not.toHaveBeenCalled();
  });
});
