// The "First visit" section of docs/performance.md, from bench/results/first-visit.json: the
// Lighthouse medians per page and form factor, and the targets checked against them.
import { HOME_PAGE_JS_BUDGET } from '../../scripts/home-page-js.mjs';
import { table } from './markdown.mjs';

/** The first visit's targets (docs/performance.md, "First visit"). */
export const FIRST_VISIT_TARGETS = {
  mobilePerformance: 95,
  desktopPerformance: 100,
  mobileLcpMs: 2000,
  cls: 0,
  homeJsGzip: 100_000,
};

const verdict = (ok) => (ok ? 'PASS' : '**MISS**');

/** @param {{ rows: any[], machine: { loadAverage: number[] }, loadAverageAfter?: number[] } | undefined} result */
export function firstVisitSection(result) {
  const rows = result?.rows ?? [];
  const pages = rows.filter((row) => row.kind === 'lighthouse');
  const js = rows.find((row) => row.kind === 'home-js');
  if (!pages.length && !js) return '_No results yet: run the bench named above._';
  const measured = table(
    [
      'form',
      'page',
      'performance (range)',
      'LCP (s)',
      'FCP (s)',
      'TBT (ms)',
      'CLS',
      'JS sent / JS (KiB)',
    ],
    pages.map((row) => [
      row.form,
      row.page,
      `${row.performance} (${row.performanceRange.join('–')})`,
      (row.lcpMs / 1000).toFixed(1),
      (row.fcpMs / 1000).toFixed(1),
      row.tbtMs,
      row.cls,
      `${row.scriptTransferKiB} / ${row.scriptKiB}`,
    ]),
  );
  const t = FIRST_VISIT_TARGETS;
  const checks = [
    ...pages.map((row) =>
      row.form === 'mobile'
        ? [
            `mobile performance ≥ ${t.mobilePerformance}, LCP ≤ ${t.mobileLcpMs / 1000} s`,
            row.page,
            `${row.performance}, ${(row.lcpMs / 1000).toFixed(1)} s`,
            verdict(row.performance >= t.mobilePerformance && row.lcpMs <= t.mobileLcpMs),
          ]
        : [
            `desktop performance ${t.desktopPerformance}`,
            row.page,
            String(row.performance),
            verdict(row.performance >= t.desktopPerformance),
          ],
    ),
    ...pages.map((row) => [
      `CLS ${t.cls}`,
      `${row.form} ${row.page}`,
      String(row.cls),
      verdict(row.cls <= t.cls),
    ]),
  ];
  if (js)
    checks.push([
      `home page JS ≤ ${t.homeJsGzip / 1000} KB gzip (npm test's budget: ${HOME_PAGE_JS_BUDGET / 1000} KB)`,
      `${js.scripts} scripts`,
      `${(js.gzip / 1000).toFixed(1)} KB gzip, ${(js.bytes / 1024).toFixed(0)} KiB`,
      verdict(js.gzip <= t.homeJsGzip),
    ]);
  const load = [result?.machine.loadAverage?.[0], result?.loadAverageAfter?.[0]]
    .filter((value) => value !== undefined)
    .map((value) => value.toFixed(1))
    .join(' → ');
  return [
    measured,
    '',
    table(['target', 'where', 'measured', ''], checks),
    '',
    `Load average (1 min) before → after the run: ${load || 'not recorded'}.`,
  ].join('\n');
}
