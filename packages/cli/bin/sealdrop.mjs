#!/usr/bin/env node
// The `sealdrop` command. It runs the esbuild bundle in dist/: an installed package (npm pack,
// npm install -g) ships it; from the repository it is (re)built here whenever a source is newer,
// so `npm ci` is all the setup `npx sealdrop` needs.
import { existsSync } from 'node:fs';

// The command line may hold a link with its key (`sealdrop get <link>`): show only the name in ps.
process.title = 'sealdrop';

if (existsSync(new URL('../src/main.ts', import.meta.url))) {
  const { ensureBundle } = await import('../build.mjs');
  await ensureBundle();
}
await import('../dist/sealdrop.mjs');
