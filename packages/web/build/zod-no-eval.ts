/**
 * Zod compiles a fast path for each object schema with `new Function`, trying first whether the
 * page allows it. Under the app's Content-Security-Policy (no 'unsafe-eval') that try is refused
 * and reported as a violation, on every page load, in Chromium and Firefox. Zod reads its settings
 * from `globalThis.__zod_globalConfig` when its module starts and builds the schemas right after:
 * so the chunk that holds zod sets `jitless` first, whatever order the chunks load in, and zod then
 * validates without compiling anything (the fast path matters to a server, not to a page parsing a
 * few answers).
 */
import type { Plugin } from 'vite';

export const ZOD_NO_EVAL =
  'globalThis.__zod_globalConfig={...globalThis.__zod_globalConfig,jitless:true};';

const isZod = (id: string) => /[\\/]node_modules[\\/]zod[\\/]/.test(id);

export function zodNoEvalPlugin(): Plugin {
  return {
    name: 'sealdrop-zod-no-eval',
    apply: 'build',
    outputOptions(options) {
      return {
        ...options,
        intro: (chunk) => (chunk.moduleIds.some(isZod) ? ZOD_NO_EVAL : ''),
      };
    },
  };
}
