// "Is this build output older than any of its sources?", shared by the web and server builds.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** `output` and `sources` are absolute paths; a missing output is always stale. */
export function isStale(output, sources) {
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  return builtAt < Math.max(...sources.map(newestMtime));
}
