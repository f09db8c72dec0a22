// Bundles the server's TypeScript (and @sealdrop/core) into one ES module that plain `node` runs.
// Packages from node_modules stay external. Running the bundle instead of the sources through tsx
// saves ~45 MiB of resident memory (no transpiler in the process; docs/performance.md).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

const readPackage = (pkg) => JSON.parse(readFileSync(join(root, pkg), 'utf8'));
const dependencies = (pkg) => Object.keys(readPackage(pkg).dependencies ?? {});

/** The build's record of the commit it was made from: a new commit makes the bundle stale. */
const commitRecord = join(dirname(serverBundle), 'COMMIT');

/**
 * The commit the bundle reports (/api/health, the start log): SEALDROP_COMMIT when set (a build
 * from an exported tree), else git's HEAD, else "unknown".
 */
function currentCommit() {
  if (process.env.SEALDROP_COMMIT) return process.env.SEALDROP_COMMIT;
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return /^[0-9a-f]{40}$/.test(head) ? head : 'unknown';
  } catch {
    return 'unknown';
  }
}

export async function buildServer() {
  const external = [
    ...dependencies('packages/server/package.json'),
    ...dependencies('packages/core/package.json'),
  ].filter((name) => !name.startsWith('@sealdrop/'));
  const commit = currentCommit();
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
    // packages/server/src/shared/version.ts reads these; run from source, it asks git itself.
    define: {
      __SEALDROP_VERSION__: JSON.stringify(readPackage('packages/server/package.json').version),
      __SEALDROP_COMMIT__: JSON.stringify(commit),
    },
  });
  writeFileSync(commitRecord, `${commit}\n`);
}

const builtCommit = () =>
  existsSync(commitRecord) ? readFileSync(commitRecord, 'utf8').trim() : undefined;

export async function buildServerIfStale() {
  if (isStale(serverBundle, sources) || builtCommit() !== currentCommit()) await buildServer();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
