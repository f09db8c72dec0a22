// @vitest-environment node
import { readFileSync } from 'node:fs';
import { APP_ROUTES } from '@sealdrop/core/app-routes';
import { describe, expect, it } from 'vitest';
import { pageImports } from './page-scripts';

describe("the pages' scripts the build names for the server", () => {
  it('finds every page but home in lazy-pages.tsx, each with the modules its loader imports', () => {
    const source = readFileSync(new URL('../src/app/lazy-pages.tsx', import.meta.url), 'utf8');
    const pages = pageImports(source);
    const routes = Object.keys(APP_ROUTES).filter((route) => route !== 'home');
    expect(Object.keys(pages).sort()).toEqual(routes.sort());
    for (const route of routes) expect(pages[route]?.length, route).toBeGreaterThan(0);
    expect(pages.about).toEqual(['../features/marketing/components/about-page']);
    expect(pages.download).toEqual([
      '../features/download/components/download-page',
      '../features/report/components/report-link',
    ]);
  });
});
