// Bundles the CLI with @sealdrop/core and its dependencies into one file, dist/sealdrop.mjs, for
// a package installed outside this repository (npm pack, npm install -g): core ships TypeScript.
import { build } from 'esbuild';

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/sealdrop.mjs', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // CommonJS dependencies (commander's cjs build, cli-progress) call require() at run time.
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  legalComments: 'none',
});
