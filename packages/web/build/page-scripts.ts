/**
 * What each page of the app loads on top of the app's own script: its script, the scripts that one
 * imports and its style sheets, written beside the build's manifest as `.vite/page-scripts.json`
 * (`{ "about": ["/assets/about-page-….js", …], … }`). The server names them in a `Link` header
 * of the page (packages/server/src/modules/web/web.plugin.ts), so a phone fetches About's script
 * together with the app's instead of once the app's has run and the router asks for it: one round
 * trip less before the page is drawn. The pages and their modules are read from
 * src/app/lazy-pages.tsx, the one place that names them; the build fails if one cannot be found.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

export const PAGE_SCRIPTS_FILE = '.vite/page-scripts.json';
const LAZY_PAGES = 'src/app/lazy-pages.tsx';

/** `{ page: [the modules its loader imports] }` from lazy-pages.tsx's `name: page(…)` entries. */
export function pageImports(source: string): Record<string, string[]> {
  const parts = source.split(/^ {2}(\w+): page\(/m);
  const pages: Record<string, string[]> = {};
  for (let index = 1; index < parts.length; index += 2) {
    const name = parts[index] as string;
    const imports = [...(parts[index + 1] ?? '').matchAll(/import\('([^']+)'\)/g)];
    pages[name] = imports.map((match) => match[1] as string);
  }
  return pages;
}

export function pageScriptsPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'sealdrop-page-scripts',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const lazyPages = join(root, LAZY_PAGES);
      const pages = pageImports(readFileSync(lazyPages, 'utf8'));
      if (Object.keys(pages).length === 0) this.error(`no page found in ${LAZY_PAGES}`);
      const chunks = Object.values(bundle).filter(
        (item): item is Rolldown.OutputChunk => item.type === 'chunk',
      );
      const entries = new Set(chunks.filter((chunk) => chunk.isEntry).map((c) => c.fileName));
      const scripts: Record<string, string[]> = {};
      for (const [page, specifiers] of Object.entries(pages)) {
        if (specifiers.length === 0) this.error(`${LAZY_PAGES}: ${page} imports no module`);
        const files = new Set<string>();
        for (const specifier of specifiers) {
          const resolved = await this.resolve(specifier, lazyPages);
          const chunk = chunks.find((item) => item.facadeModuleId === resolved?.id);
          if (!chunk) this.error(`${LAZY_PAGES}: ${page}'s ${specifier} has no script of its own`);
          // The app's own script and style sheet are in index.html already.
          const own = [chunk, ...chunks.filter((item) => chunk.imports.includes(item.fileName))]
            .filter((item) => !entries.has(item.fileName))
            .flatMap((item) => [item.fileName, ...(item.viteMetadata?.importedCss ?? [])]);
          for (const file of own) files.add(`/${file}`);
        }
        scripts[page] = [...files];
      }
      this.emitFile({
        type: 'asset',
        fileName: PAGE_SCRIPTS_FILE,
        source: `${JSON.stringify(scripts, null, 2)}\n`,
      });
    },
  };
}
