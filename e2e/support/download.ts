import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { fileSha256 } from './files';

/** Opens a share link in `page`, clicks "Download & Decrypt File" and checks the download. */
export async function saveDecrypted(page: Page, url: string) {
  await page.goto(url);
  await page.waitForURL(/\/download\//);
  const downloadEvent = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Download & Decrypt File' }).click();
  const download = await downloadEvent;
  expect(await download.failure()).toBeNull();
  return { sha256: fileSha256(await download.path()), name: download.suggestedFilename() };
}
