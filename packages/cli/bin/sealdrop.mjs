#!/usr/bin/env node
// The `sealdrop` command. From the repository it runs the TypeScript sources through tsx, so
// `npm ci` is enough (no build step); an installed package (npm pack / npm install -g) carries
// no sources and runs the esbuild bundle in dist/ instead (build.mjs, run by prepack).
import { existsSync } from 'node:fs';

// The command line may hold a link with its key (`sealdrop get <link>`): show only the name in ps.
process.title = 'sealdrop';

const sources = new URL('../src/main.ts', import.meta.url);
if (existsSync(sources)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(sources.href);
} else {
  await import('../dist/sealdrop.mjs');
}
