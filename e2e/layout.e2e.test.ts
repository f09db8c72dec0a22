/**
 * Layout defects that only a real browser shows: boxes measured in Chromium at a phone, a tablet
 * and a laptop width.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInBrowser } from './support/app-in-browser';

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const WIDTHS = [375, 768, 1280] as const;

const intersects = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The distinct rows of a list of boxes, as the number of boxes in each (tops within 2 px). */
function rowsOf(boxes: Box[]): number[] {
  const rows: { top: number; count: number }[] = [];
  for (const box of boxes) {
    const row = rows.find((r) => Math.abs(r.top - box.top) <= 2);
    if (row) row.count += 1;
    else rows.push({ top: box.top, count: 1 });
  }
  return rows.map((row) => row.count);
}

describe('layout in Chromium', () => {
  const app = appInBrowser();

  async function open(path: string, width: number, height = 800): Promise<Page> {
    const page = await app.browser.newPage({ viewport: { width, height } });
    await page.goto(`${app.server.origin}${path}`);
    await page.locator('footer').waitFor();
    return page;
  }

  /**
   * Boxes of the feedback button and of every line of visible text of the page (its content and
   * its footer, headings included), in the viewport, each with the text it holds.
   */
  function measureFeedback(page: Page) {
    return page.evaluate(() => {
      const box = ({ left, top, right, bottom }: DOMRect) => ({ left, top, right, bottom });
      const button = document.querySelector('button[aria-label="Send feedback"]');
      const texts: { left: number; top: number; right: number; bottom: number; text: string }[] =
        [];
      for (const root of document.querySelectorAll('main, footer')) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
          const node = walker.currentNode;
          const text = node.textContent?.trim() ?? '';
          if (!text || node.parentElement?.closest('.sr-only')) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) {
            if (rect.width > 0 && rect.height > 0) texts.push({ ...box(rect), text });
          }
        }
      }
      return { button: button ? box(button.getBoundingClientRect()) : null, texts };
    });
  }

  /** The Feedback button's box never meets a line of the page's text. */
  async function expectNothingCovered(page: Page, where: string) {
    const { button, texts } = await measureFeedback(page);
    expect(button, where).not.toBeNull();
    expect(texts.length).toBeGreaterThan(0);
    const covered = texts.filter((text) => intersects(button!, text)).map((text) => text.text);
    expect(covered, where).toEqual([]);
  }

  // Every page but home has the button; the widths run from a small phone to a wide desktop,
  // where it floats beside the page's column.
  for (const width of [320, 375, 768, 1024, 1280, 1440, 1920]) {
    it(`the Feedback button covers no heading or text of any page at first view at ${width} px`, async () => {
      for (const path of [
        '/mission',
        '/about',
        '/no/such/page',
        '/download/abcdefghij12',
        '/account/files',
      ]) {
        const page = await open(path, width);
        // The page's own content has arrived (file info, the session), not just the frame.
        await page.waitForLoadState('networkidle');
        await expectNothingCovered(page, `${path} at ${width} px`);
        await page.close();
      }
    });
  }

  for (const width of [...WIDTHS, 1440]) {
    for (const [path, height] of [
      ['/mission', 800],
      ['/no/such/page', 800],
      ['/no/such/page', 560],
    ] as const) {
      it(`the Feedback button never covers the page's or the footer's text on ${path} at ${width}×${height}, at any scroll`, async () => {
        const page = await open(path, width, height);
        const scrollable = await page.evaluate(
          () => document.documentElement.scrollHeight - window.innerHeight,
        );
        const positions = new Set([0, scrollable]);
        for (let y = 0; y < scrollable; y += 40) positions.add(y);
        let checked = 0;
        for (const y of positions) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
          await expectNothingCovered(page, `scrolled to ${y}`);
          checked += 1;
        }
        expect(checked).toBeGreaterThan(0);
        await page.close();
      });
    }
  }

  async function cardRows(page: Page, list: string) {
    const boxes = await page
      .locator(list)
      .locator(':scope > li')
      .evaluateAll((items) =>
        items.map((item) => {
          const { left, top, right, bottom } = item.getBoundingClientRect();
          return { left, top, right, bottom };
        }),
      );
    return rowsOf(boxes);
  }

  const securityCards = 'section[aria-labelledby="about-security"] ul';
  const missionCards = 'section[aria-labelledby="mission-principles"] ul';

  for (const width of WIDTHS) {
    // One column on a phone; 2 × 2 (or 4 in a row) wherever two fit, never 3 + 1.
    const allowed = width < 640 ? [[1, 1, 1, 1]] : [[2, 2], [4]];

    it(`/about's four security cards form ${width < 640 ? 'one column' : '2 × 2 or one row'} at ${width} px`, async () => {
      const page = await open('/about', width);
      expect(allowed).toContainEqual(await cardRows(page, securityCards));
      await page.close();
    });

    it(`/mission's four principles form even rows and "Nothing kept for long" stays on one line at ${width} px`, async () => {
      const page = await open('/mission', width);
      expect(allowed).toContainEqual(await cardRows(page, missionCards));
      const heading = page.getByRole('heading', { name: 'Nothing kept for long' });
      const lines = await heading.evaluate((element) => {
        const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
        return Math.round(element.getBoundingClientRect().height / lineHeight);
      });
      expect(lines).toBe(1);
      await page.close();
    });
  }
});
