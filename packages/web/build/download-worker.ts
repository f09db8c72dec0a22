/**
 * Builds the download Service Worker (src/features/download/service-worker/download-sw.ts) into one
 * classic script, served at /download-sw.js. A Vite entry would share chunks with the app through
 * `import`, which a classic worker cannot load; esbuild bundles core's decryptor into the file.
 * Used by the Vite plugin below (build and dev server) and by the worker's tests, which run the
 * built file rather than its sources.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { bundleClassicScript } from './classic-script';

export const DOWNLOAD_WORKER_FILE = 'download-sw.js';
const ENTRY = fileURLToPath(
  new URL('../src/features/download/service-worker/download-sw.ts', import.meta.url),
);

export function bundleDownloadWorker(options: { minify: boolean }): Promise<string> {
  return bundleClassicScript(ENTRY, options);
}

/** Emits /download-sw.js next to the app on `vite build`, and serves it fresh on `vite dev`. */
export function downloadWorkerPlugin(): Plugin {
  return {
    name: 'sealdrop-download-worker',
    async generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: DOWNLOAD_WORKER_FILE,
        source: await bundleDownloadWorker({ minify: true }),
      });
    },
    configureServer(server) {
      server.middlewares.use(`/${DOWNLOAD_WORKER_FILE}`, (_request, response, next) => {
        bundleDownloadWorker({ minify: false })
          .then((code) => {
            response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
            response.end(code);
          })
          .catch(next);
      });
    },
  };
}
