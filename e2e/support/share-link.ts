import type { Page } from 'playwright-core';

/** What the home page's card says once an upload is done (word for word). */
export const READY_TEXT = 'Your file is ready. Copy or share the link anywhere.';

/** Waits until the home page's card says the upload is done; answers the share link it shows. */
export async function readyShareLink(page: Page, timeout = 90_000): Promise<string> {
  await page.getByText(READY_TEXT).waitFor({ timeout });
  return page.getByLabel('Share link').inputValue();
}
