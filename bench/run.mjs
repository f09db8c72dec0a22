// `npm run bench [name…]`: runs the benchmarks one after another and prints one JSON line each.
// Commands and results are recorded in docs/performance.md.
import { spawnSync } from 'node:child_process';

const BENCHES = {
  'upload-local-1g': ['bench/server-upload.mjs', '1024', '4', 'local'],
  'upload-s3-256m': ['bench/server-upload.mjs', '256', '4', 's3'],
};

const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(BENCHES);
for (const name of names) {
  const args = BENCHES[name];
  if (!args) {
    console.error(`unknown benchmark "${name}"; known: ${Object.keys(BENCHES).join(', ')}`);
    process.exit(2);
  }
  console.error(`— ${name}: node ${args.join(' ')}`);
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
