// `npm run typecheck`: `tsc -b` over every project (tsconfig.json), incremental through .tsbuild/.
// tsc -b re-checks a project when its own files or a referenced project changed, but not when a
// dependency's types changed under it (npm install, npm update): the build info would then hide an
// error until the project's own files change. So when npm has touched node_modules since the last
// check, everything is checked again (--force). Extra arguments go to tsc (`-- --verbose`).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// npm rewrites this file whenever it changes node_modules.
const installed = join(root, 'node_modules/.package-lock.json');
const stamp = join(root, '.tsbuild/installed.sha256');

const digest = existsSync(installed)
  ? createHash('sha256').update(readFileSync(installed)).digest('hex')
  : undefined;
const sameInstall =
  digest !== undefined && existsSync(stamp) && readFileSync(stamp, 'utf8') === digest;

const tsc = join(root, 'node_modules/typescript/bin/tsc');
const args = ['-b', ...(sameInstall ? [] : ['--force']), ...process.argv.slice(2)];
const { status } = spawnSync(process.execPath, [tsc, ...args], { cwd: root, stdio: 'inherit' });

// 0: no errors; 1 and 2: errors, which the build info keeps, so the next run reports them again.
// Anything else (a crash, a signal) leaves the stamp alone and the next run checks everything.
if (digest !== undefined && (status === 0 || status === 1 || status === 2)) {
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, digest);
}
process.exit(status ?? 1);
