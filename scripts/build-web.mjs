// Builds the web app when its sources are newer than the last build. Used by `npm start` and e2e.
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale } from './stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = join(root, 'packages/web/dist/index.html');
const sources = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/build',
  'packages/web/index.html',
  'packages/core/src',
  'scripts/build-web.mjs',
].map((source) => join(root, source));

export function buildWebIfStale() {
  if (!isStale(built, sources)) return;
  console.log('Building the web app…');
  // Always the production build, whoever asks: Vitest (e2e's global set-up) runs with
  // NODE_ENV=test, which Vite honours, and that build bundles React's development runtime.
  execSync('npm run build -w @sealdrop/web', {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
