/**
 * The harness itself: every test file reaches the Chromium global-setup.ts started for its Vitest
 * worker, never the one a file running at the same time uses; what a file closes (its contexts,
 * its connection) never closes that browser for the files after it, and the contexts a file leaves
 * open go away with its connection.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { claimedChromium, connectBrowser } from './support/browser';

/** The pid of the browser process behind a connection, as Chromium itself reports it. */
async function browserPid(browser: Browser): Promise<number | undefined> {
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = await session.send('SystemInfo.getProcessInfo');
  await session.detach();
  return processInfo.find((process) => process.type === 'browser')?.id;
}

/** Chromium's id of a context, read from a page opened in it. */
async function contextIdOf(context: BrowserContext): Promise<string | undefined> {
  const page = await context.newPage();
  await page.goto('about:blank');
  const session = await context.newCDPSession(page);
  return (await session.send('Target.getTargetInfo')).targetInfo.browserContextId;
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const { browsers, claims } = inject('sharedChromiums');

describe('one Chromium per Vitest worker for the whole e2e run', () => {
  it('connects every caller to the browser process global setup started for its worker', async () => {
    // Files that run at the same time never share a browser: a CDP connection adopts every page of
    // its browser and re-applies its own emulation to them (support/browser.ts).
    expect(new Set(browsers.map((browser) => browser.pid)).size).toBe(browsers.length);
    const claimed = claimedChromium();
    expect(claimed).not.toBeNull();
    const { pid } = claimed!;
    // The claim is this process's, for good: asking again gives the same browser.
    expect(claimedChromium()?.pid).toBe(pid);
    const index = browsers.findIndex((browser) => browser.pid === pid);
    expect(readFileSync(join(claims, String(index)), 'utf8')).toBe(String(process.pid));
    const [first, second] = await Promise.all([connectBrowser(), connectBrowser()]);
    try {
      expect(await browserPid(first)).toBe(pid);
      expect(await browserPid(second)).toBe(pid);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('keeps the browser when a caller closes a context and its connection, and drops the contexts it left open', async () => {
    const { pid } = claimedChromium()!;
    const [leaving, staying] = await Promise.all([connectBrowser(), connectBrowser()]);
    const closed = await leaving.newContext();
    const closedId = await contextIdOf(closed);
    await closed.close();
    const forgotten = await leaving.newContext();
    const leftOpen = await contextIdOf(forgotten);
    // Only ours count: an earlier file's contexts may still be on their way out.
    const session = await staying.newBrowserCDPSession();
    const contextIds = async () =>
      (await session.send('Target.getBrowserContexts')).browserContextIds;
    expect(await contextIds()).toContain(leftOpen);
    expect(await contextIds()).not.toContain(closedId);
    await leaving.close();

    expect(isRunning(pid)).toBe(true);
    expect(staying.isConnected()).toBe(true);
    await expect.poll(contextIds).not.toContain(leftOpen);
    const page = await (await staying.newContext()).newPage();
    expect(await page.evaluate(() => 6 * 7)).toBe(42);
    await staying.close();

    const later = await connectBrowser();
    expect(await browserPid(later)).toBe(pid);
    await later.close();
  });
});
