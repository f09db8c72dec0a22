// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bundleShortLinkEarly, withEarlyScript } from './short-link-page';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <script type="module" crossorigin src="/assets/index-Aa1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-Bb2.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe("a short link's own page", () => {
  it("is index.html with the early script after the app's script and style sheet", () => {
    const page = withEarlyScript(INDEX, '/assets/short-link-early-Cc3.js');
    const tag =
      '<script async fetchpriority="high" src="/assets/short-link-early-Cc3.js"></script>';
    expect(page).toContain(tag);
    expect(page.indexOf(tag)).toBeGreaterThan(page.indexOf('index-Bb2.css'));
    expect(page.indexOf(tag)).toBeLessThan(page.indexOf('</head>'));
    expect(page.replace(`  ${tag}\n  `, '')).toBe(INDEX);
  });

  it('gets an early script that stands alone and stays small, so that a phone runs it at once', async () => {
    const script = await bundleShortLinkEarly();
    // A classic script: nothing to fetch before it runs.
    expect(script).not.toMatch(/\bimport\s*[({"']|\bexport\s/);
    expect(script).toContain('/api');
    expect(script).toContain('__sealdropEarlyResolution');
    expect(script.length).toBeLessThan(2048);
  });
});
