// Bundles the server's TypeScript (and @sealdrop/core) into one ES module that plain `node` runs.
// Packages from node_modules stay external. Running the bundle instead of the sources through tsx
// saves ~45 MiB of resident memory (no transpiler in the process; docs/performance.md).
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { isStale } from './stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const serverBundle = join(root, 'packages/server/dist/main.mjs');
// This script is a source too: a change to how the bundle is made rebuilds it.
const sources = ['packages/server/src', 'packages/core/src', 'scripts/build-server.mjs'].map(
  (source) => join(root, source),
);

const dependencies = (pkg) =>
  Object.keys(JSON.parse(readFileSync(join(root, pkg), 'utf8')).dependencies ?? {});

export async function buildServer() {
  const external = [
    ...dependencies('packages/server/package.json'),
    ...dependencies('packages/core/package.json'),
  ].filter((name) => !name.startsWith('@sealdrop/'));
  // Old chunks (their names carry a hash) would pile up beside the new ones.
  rmSync(dirname(serverBundle), { recursive: true, force: true });
  await build({
    entryPoints: [join(root, 'packages/server/src/main.ts')],
    outdir: dirname(serverBundle),
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    // A dynamic import() stays lazy only in a chunk of its own: without splitting, esbuild hoists
    // the external packages of every module into main.mjs, and `npm start` loads them all.
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

export async function buildServerIfStale() {
  if (isStale(serverBundle, sources)) await buildServer();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
