/**
 * Measures, in the page, what pushes it past the window sideways: the document's scrollWidth
 * against the viewport, and every open dialog's panel against the viewport and its own width (a
 * fixed dialog that overflows adds nothing to the document's scrollWidth, yet still runs off a
 * phone's screen).
 */
import type { Page } from 'playwright-core';

/** Phone widths every page and state must fit: 320 (small Android, iPhone SE 1), 360, 390, 414. */
export const PHONE_WIDTHS = [320, 360, 390, 414] as const;

export interface Overflow {
  width: number;
  scrollWidth: number;
  /** Dialogs (role=dialog) that run past the viewport or scroll sideways inside. */
  dialogs: string[];
}

export async function measureOverflow(page: Page): Promise<Overflow> {
  // A frame after a resize, so layout has caught up with the new width, and the end of any
  // opening animation (a menu sliding in starts off screen on purpose).
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => {})),
    );
  });
  return page.evaluate(() => {
    const dialogs = [...document.querySelectorAll<HTMLElement>('[role=dialog]')]
      .filter((dialog) => dialog.getClientRects().length > 0)
      .filter((dialog) => {
        const { left, right } = dialog.getBoundingClientRect();
        return (
          left < -0.5 ||
          right > window.innerWidth + 0.5 ||
          dialog.scrollWidth > dialog.clientWidth + 1
        );
      })
      .map((dialog) => {
        const title = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '');
        return title?.textContent ?? dialog.getAttribute('aria-label') ?? 'dialog';
      });
    return {
      width: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
      dialogs,
    };
  });
}

/**
 * Resizes `page` to each phone width (the state stays as it is) and answers what did not fit, as
 * readable lines: empty when the state fits at every width.
 */
export async function overflowAtPhoneWidths(page: Page, state: string): Promise<string[]> {
  const problems: string[] = [];
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    const found = await measureOverflow(page);
    if (found.scrollWidth > found.width) {
      problems.push(`${state} at ${width} px: the page is ${found.scrollWidth} px wide`);
    }
    for (const dialog of found.dialogs) {
      problems.push(`${state} at ${width} px: the dialog "${dialog}" runs past the screen`);
    }
  }
  return problems;
}

/**
 * Where the text of `selector` wraps onto a new line inside a word: the characters before and
 * after each break, for every break not right after a space, a hyphen or a slash.
 */
export function breaksInsideWords(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((css) => {
    const out: string[] = [];
    for (const element of document.querySelectorAll(css)) {
      const text = element.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) continue;
      const value = text.textContent ?? '';
      const range = document.createRange();
      let lastTop: number | null = null;
      for (let i = 0; i < value.length; i += 1) {
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect) continue;
        if (lastTop !== null && rect.top > lastTop + 1 && !/[\s/-]/.test(value[i - 1] ?? '')) {
          out.push(`${value.slice(Math.max(0, i - 8), i)}|${value.slice(i, i + 8)}`);
        }
        lastTop = rect.top;
      }
    }
    return out;
  }, selector);
}
