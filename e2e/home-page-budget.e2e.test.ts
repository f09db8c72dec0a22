/**
 * The home page's JavaScript stays small (docs/performance.md, "First visit"): a size, read from
 * the build global-setup.ts makes, not a timing. The other pages come with import() only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script shared with `npm run bench`
import * as homePageJs from '../scripts/home-page-js.mjs';
import { ROOT } from './support/app-server';

const WEB_DIST = join(ROOT, 'packages/web/dist');
const { HOME_PAGE_JS_BUDGET, homePageScripts, measureHomePageJs } = homePageJs as {
  HOME_PAGE_JS_BUDGET: number;
  homePageScripts: (manifest: Manifest) => string[];
  measureHomePageJs: (webDist: string) => { gzip: number; scripts: unknown[] };
};
type Manifest = Record<string, { file: string; isEntry?: boolean; dynamicImports?: string[] }>;

it(`keeps the home page's scripts within ${HOME_PAGE_JS_BUDGET} bytes of gzip`, () => {
  const measured = measureHomePageJs(WEB_DIST);
  expect(measured.scripts.length).toBeGreaterThan(0);
  expect(measured.gzip).toBeLessThanOrEqual(HOME_PAGE_JS_BUDGET);
});

it('loads no other page with the home page: each comes in a script of its own', () => {
  const manifest: Manifest = JSON.parse(
    readFileSync(join(WEB_DIST, '.vite/manifest.json'), 'utf8'),
  );
  const home = new Set<string>(homePageScripts(manifest));
  const pages = [
    'src/features/download/components/download-page.tsx',
    'src/features/short-link/components/short-link-page.tsx',
    'src/features/marketing/components/about-page.tsx',
    'src/features/marketing/components/mission-page.tsx',
    'src/features/account/components/my-files-page.tsx',
    'src/features/account/components/balance-page.tsx',
    'src/features/account/components/settings-page.tsx',
    'src/app/admin-route.tsx',
    'src/app/terms-route.tsx',
  ];
  for (const page of pages) {
    const chunk = manifest[page];
    expect(chunk, `${page} has a script of its own`).toBeDefined();
    expect(home.has(chunk!.file), page).toBe(false);
  }
});
