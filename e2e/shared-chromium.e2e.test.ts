/**
 * The harness itself: every test file reaches the one Chromium global-setup.ts started; what a
 * file closes (its contexts, its connection) never closes that browser for the files after it, and
 * the contexts a file leaves open go away with its connection, so the next file finds none.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { connectBrowser } from './support/browser';

/** The pid of the browser process behind a connection, as Chromium itself reports it. */
async function browserPid(browser: Browser): Promise<number | undefined> {
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = await session.send('SystemInfo.getProcessInfo');
  await session.detach();
  return processInfo.find((process) => process.type === 'browser')?.id;
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('one Chromium for the whole e2e run', () => {
  it('connects every caller to the browser process global setup started', async () => {
    const { pid } = inject('sharedChromium');
    const [first, second] = await Promise.all([connectBrowser(), connectBrowser()]);
    try {
      expect(await browserPid(first)).toBe(pid);
      expect(await browserPid(second)).toBe(pid);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('keeps the browser when a caller closes a context and its connection, and drops the contexts it left open', async () => {
    const { pid } = inject('sharedChromium');
    const [leaving, staying] = await Promise.all([connectBrowser(), connectBrowser()]);
    const closed = await leaving.newContext();
    await (await closed.newPage()).goto('about:blank');
    await closed.close();
    const forgotten = await leaving.newContext();
    await (await forgotten.newPage()).goto('about:blank');
    const session = await staying.newBrowserCDPSession();
    const contextIds = async () =>
      (await session.send('Target.getBrowserContexts')).browserContextIds;
    const leftOpen = await contextIds();
    expect(leftOpen).toHaveLength(1);
    await leaving.close();

    expect(isRunning(pid)).toBe(true);
    expect(staying.isConnected()).toBe(true);
    await expect.poll(contextIds).not.toContain(leftOpen[0]);
    const page = await (await staying.newContext()).newPage();
    expect(await page.evaluate(() => 6 * 7)).toBe(42);
    await staying.close();

    const later = await connectBrowser();
    expect(await browserPid(later)).toBe(pid);
    await later.close();
  });
});
