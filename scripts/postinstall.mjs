// npm install's last step: apply the patches in patches/ to the dependencies they fix
// (CONTRIBUTING.md, "Patched dependencies"). Both the patched package and patch-package are
// development dependencies: an install without them (`npm ci --omit=dev`) has nothing to patch.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function installed(name) {
  try {
    require.resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

if (installed('patch-package') && installed('playwright-core')) {
  const result = spawnSync('npx', ['patch-package', '--error-on-fail'], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
