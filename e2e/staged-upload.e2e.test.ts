/**
 * In a browser with an on-disk profile, encrypted parts are sealed by the staging worker
 * into the origin-private file system and uploaded from there (docs/uploads.md). Part 2's PUT is
 * held until the staged files are seen on disk, which proves the path was taken; the link then
 * downloads identical bytes and nothing staged is left behind.
 */
import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from './support/app-server';
import { onDiskProfile } from './support/browser';
import { saveDecrypted } from './support/download';
import { randomFile } from './support/files';
import { expectSecretNowhere, recordRequests } from './support/requests';
import { readyShareLink } from './support/share-link';

const MiB = 1024 * 1024;
const PART_SIZE = 5 * MiB;

/** File names under the staging folder of the origin-private file system, as any page sees them. */
function stagedFiles(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    type Dir = FileSystemDirectoryHandle & {
      entries(): AsyncIterable<[string, FileSystemHandle]>;
    };
    const root = (await navigator.storage.getDirectory()) as Dir;
    const names: string[] = [];
    const walk = async (dir: Dir, prefix: string) => {
      for await (const [name, handle] of dir.entries()) {
        if (handle.kind === 'directory') await walk(handle as Dir, `${prefix}${name}/`);
        else names.push(`${prefix}${name}`);
      }
    };
    await walk(root, '');
    return names;
  });
}

describe('encrypted parts staged on disk, in Chromium with a profile', () => {
  let server: AppServer;
  let profile: { context: BrowserContext; close: () => Promise<void> };
  beforeAll(async () => {
    [server, profile] = await Promise.all([
      startAppServer({ UPLOAD_PART_SIZE: String(PART_SIZE) }),
      onDiskProfile(),
    ]);
  }, 60_000);
  afterAll(async () => {
    await profile?.close();
    await server?.stop();
  });

  it('seals parts into staged files, uploads them, cleans up, and the link gives identical bytes', async () => {
    const file = randomFile('staged.bin', 3 * PART_SIZE + 1234);
    const { context } = profile;
    const seen = recordRequests(context);
    const page = await context.newPage();
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));

    let releasePart2 = () => {};
    const part2Held = new Promise<void>((resolve) => {
      releasePart2 = resolve;
    });
    await page.route('**/api/storage/part?**', async (route: Route) => {
      if (new URL(route.request().url()).searchParams.get('partNumber') === '2') await part2Held;
      await route.continue();
    });

    await page.goto(server.origin);
    await page.getByLabel(/drop a file here/i).setInputFiles(file.path);
    await expect
      .poll(() => stagedFiles(page), { timeout: 30_000 })
      .toContainEqual(expect.stringMatching(/^sealdrop-parts\/[\w-]+\/part-2$/));
    releasePart2();

    const url = await readyShareLink(page, 60_000);
    expect(workers.some((worker) => worker.includes('staging.worker'))).toBe(true);
    await expect
      .poll(async () => JSON.stringify(await stagedFiles(page)), { timeout: 10_000 })
      .toBe('[]');

    const key = new URL(url).hash.match(/key=([^&]+)/)?.[1] ?? '';
    expect(key).toHaveLength(43);
    expectSecretNowhere(key, seen, server.logs);
    for (const request of seen) expect(new URL(request.url).origin).toBe(server.origin);

    const saved = await saveDecrypted(await context.newPage(), url);
    expect(saved).toEqual({ sha256: file.sha256, name: 'staged.bin' });
  }, 120_000);
});
