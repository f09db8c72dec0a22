import { expect, it } from 'vitest';
import { eachAtMost } from './each-at-most';

it('runs every item, never more than the limit at once', async () => {
  let running = 0;
  let most = 0;
  const done: number[] = [];
  await eachAtMost([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
    running += 1;
    most = Math.max(most, running);
    await new Promise((resolve) => setTimeout(resolve, 1));
    running -= 1;
    done.push(item);
  });
  expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  expect(most).toBe(3);
});
