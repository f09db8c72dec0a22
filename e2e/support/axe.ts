/**
 * axe-core in the page under test. The source is evaluated through the driver's
 * protocol (DevTools in Chromium, WebDriver BiDi in Firefox), so the page's CSP (no inline script)
 * stays as it is. Only serious and critical violations fail a test; each is reported with the
 * nodes it found.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const { source } = require('axe-core') as { source: string };

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
  /** What axe measured on the first node (colors and ratio for contrast). */
  data: unknown;
}

export async function seriousViolations(page: Page, context = 'document'): Promise<AxeFinding[]> {
  // Colours are measured as painted: let opening animations (a dialog fading in) end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // Spinners run forever; wait only for animations that end.
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => {})),
    ),
  );
  await page.evaluate(source);
  const violations = await page.evaluate(async (selector) => {
    const target =
      selector === 'document' ? document : (document.querySelector(selector) ?? document);
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time.
    const result = await (window as any).axe.run(target, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
      resultTypes: ['violations'],
    });
    return result.violations.map(
      (v: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: string[]; any: { data: unknown }[] }[];
      }) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
        data: v.nodes[0]?.any[0]?.data ?? null,
      }),
    );
  }, context);
  return (violations as AxeFinding[]).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
}
