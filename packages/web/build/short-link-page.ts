/**
 * short-link.html: index.html with one more script, which the server answers /s/:code with. The
 * script (src/app/short-link-early.ts, bundled here by esbuild into one classic script of about a
 * kilobyte) starts resolving the code as soon as the phone has it, long before the app's script
 * (about 100 KB) has arrived; the page then takes that answer instead of asking again
 * (src/features/short-link/api/early-resolution.ts). A Vite entry would share chunks with the app
 * through `import` and wait for them. Other pages keep index.html and never load the script. On
 * `vite dev` there is no such page: the short link's page asks itself.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { bundleClassicScript } from './classic-script';

export const SHORT_LINK_PAGE = 'short-link.html';
const ENTRY = fileURLToPath(new URL('../src/app/short-link-early.ts', import.meta.url));

export function bundleShortLinkEarly(): Promise<string> {
  return bundleClassicScript(ENTRY, { minify: true });
}

/**
 * `html` with the script at `src` last in its head: `async`, at high priority, after the app's
 * script and style sheet, which it must not keep from a connection of their own (a browser opens
 * six at most to a server without HTTP/2, and the page's `Link` header already fills them).
 */
export function withEarlyScript(html: string, src: string): string {
  if (!html.includes('</head>')) throw new Error('index.html has no </head>');
  return html.replace(
    '</head>',
    `  <script async fetchpriority="high" src="${src}"></script>\n  </head>`,
  );
}

export function shortLinkPagePlugin(): Plugin {
  return {
    name: 'sealdrop-short-link-page',
    apply: 'build',
    // After Vite has written its own tags into index.html.
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset')
        this.error('the build has no index.html to make short-link.html from');
      const script = this.emitFile({
        type: 'asset',
        name: 'short-link-early.js',
        source: await bundleShortLinkEarly(),
      });
      this.emitFile({
        type: 'asset',
        fileName: SHORT_LINK_PAGE,
        source: withEarlyScript(String(index.source), `/${this.getFileName(script)}`),
      });
    },
  };
}
