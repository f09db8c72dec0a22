/**
 * One source file and what it imports, bundled by esbuild into one classic script that stands
 * alone: no `import` of the app's chunks, which a classic Service Worker cannot load and a page's
 * first script must not wait for. The download Service Worker and the short link's first script
 * are built this way.
 */
import { build } from 'esbuild';

export async function bundleClassicScript(
  entry: string,
  options: { minify: boolean },
): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
    minify: options.minify,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}
