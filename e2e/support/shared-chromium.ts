/**
 * A Chromium of an e2e run, one per Vitest worker, started by global-setup.ts and reached by the
 * worker's test files over CDP (connectBrowser in ./browser.ts). Launching Chromium once instead of
 * once per file saves about a second of CPU per file; each file still gets fresh contexts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopChild } from '../../scripts/app-process.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH, removeProfile } from '../../scripts/chromium.mjs';

/**
 * What playwright's own launch (which the tests used until now) adds to our flags and a page can
 * notice, so that a test sees the same browser it did: same layout width and colours (no
 * scrollbars, sRGB), same hover/pointer media queries, timers and rendering of pages that are not
 * in front never slowed down, no popup blocking, no back-forward cache, and the Chromium features
 * playwright turns off because they get in the way of request interception and first paint.
 */
const AS_PLAYWRIGHT_LAUNCHES = [
  '--hide-scrollbars',
  '--mute-audio',
  '--force-color-profile=srgb',
  '--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-ipc-flooding-protection',
  '--disable-hang-monitor',
  '--disable-popup-blocking',
  '--disable-prompt-on-repost',
  '--disable-back-forward-cache',
  '--allow-pre-commit-input',
  '--disable-field-trial-config',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--disable-default-apps',
  '--disable-breakpad',
  '--no-default-browser-check',
  '--password-store=basic',
  '--use-mock-keychain',
  '--disable-features=PaintHolding,ThirdPartyStoragePartitioning,HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,AvoidUnnecessaryBeforeUnloadCheckSync,AvoidCorsURLLoaderRestartOnRedirect,DestroyProfileOnBrowserClose,MediaRouter,OptimizationHints',
  '--enable-features=CDPScreenshotNewSurface',
];

export interface SharedChromium {
  /** The browser's DevTools WebSocket URL, for chromium.connectOverCDP. */
  wsEndpoint: string;
  pid: number;
  /** Kills the browser and removes its profile directory. */
  stop: () => Promise<void>;
}

export async function startSharedChromium(): Promise<SharedChromium> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'sealdrop-e2e-chromium-'));
  const child = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_ARGS,
      ...AS_PLAYWRIGHT_LAUNCHES,
      '--headless=new',
      '--remote-debugging-port=0',
      `--user-data-dir=${userDataDir}`,
      '--no-startup-window',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const stop = async () => {
    await stopChild(child);
    removeProfile(userDataDir);
  };
  try {
    const wsEndpoint = await devToolsEndpoint(child);
    if (child.pid === undefined) throw new Error('chromium has no pid');
    return { wsEndpoint, pid: child.pid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Chromium prints `DevTools listening on ws://…` on stderr once it accepts connections. */
function devToolsEndpoint(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`chromium did not start:\n${output}`)), 30_000);
    // Kept reading (into the last few KiB) after the line is found: a full pipe would stall it.
    child.stderr?.on('data', (chunk) => {
      output = (output + String(chunk)).slice(-8000);
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(output);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`chromium exited with ${code}:\n${output}`));
    });
  });
}

declare module 'vitest' {
  /** What global-setup.ts hands to the test files (vitest's provide/inject). */
  export interface ProvidedContext {
    /**
     * One browser per Vitest worker, and the folder where a worker process claims one: a file
     * named by the browser's index, holding the claiming process's pid (support/browser.ts).
     */
    sharedChromiums: { browsers: { wsEndpoint: string; pid: number }[]; claims: string };
  }
}
