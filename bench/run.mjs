// `npm run bench [-- name [--flag value…]…]`: runs the benchmarks by name (all when none is given),
// one after another. Each prints JSON lines; they are echoed and saved with the exact command, the
// machine and the time to bench/results/<name>.json. Then bench/report.mjs renders them into
// docs/performance.md. Example: npm run bench -- browser-transfer --sizes 100M --drivers local
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from './lib/app.mjs';
import { describeMachine } from './lib/machine.mjs';

const BENCHES = {
  'browser-transfer': ['bench/browser-transfer.mjs'],
  cli: ['bench/cli.mjs'],
  'first-visit': ['bench/first-visit.mjs'],
  'multi-file': ['bench/multi-file.mjs'],
  'server-load': ['bench/server-load.mjs'],
  'quota-check': ['bench/quota-check.mjs'],
  // PostgreSQL with one and two server processes beside SQLite, twice over (docs/performance.md).
  'server-scale': ['bench/server-load.mjs', '--processes', '1,2', '--rounds', '2'],
  sweeper: ['bench/sweeper.mjs'],
  'upload-local-1g': ['bench/server-upload.mjs', '1024', '4', 'local'],
  'upload-s3-256m': ['bench/server-upload.mjs', '256', '4', 's3'],
};
const RESULTS_DIR = join(ROOT, 'bench/results');
const BIOME = join(ROOT, 'node_modules/@biomejs/biome/bin/biome');

/** `['a', '--x', '1', 'b']` → `[{ name: 'a', args: ['--x', '1'] }, { name: 'b', args: [] }]`. */
function plan(argv) {
  if (!argv.length) return Object.keys(BENCHES).map((name) => ({ name, args: [] }));
  /** @type {{ name: string, args: string[] }[]} */
  const entries = [];
  for (const token of argv) {
    if (token in BENCHES || token === 'report') entries.push({ name: token, args: [] });
    else if (entries.length) entries[entries.length - 1]?.args.push(token);
    else return usage(`unknown benchmark "${token}"`);
  }
  return entries;
}

/** @returns {never} */
function usage(message) {
  console.error(`${message}; known: ${[...Object.keys(BENCHES), 'report'].join(', ')}`);
  process.exit(2);
}

function runNode(args) {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const rows = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    console.log(line);
    try {
      const row = JSON.parse(line);
      if (row?.kind) rows.push(row); // result lines say what they are; log lines do not
    } catch {
      // not JSON: a log line
    }
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? 1, rows })));
}

async function runBench({ name, args }) {
  const command = ['npm run bench --', name, ...args].join(' ');
  console.error(`— ${name}: node ${[...BENCHES[name], ...args].join(' ')}`);
  const machine = describeMachine();
  const startedAt = new Date();
  const { code, rows } = await runNode([...BENCHES[name], ...args]);
  const finishedAt = new Date();
  const result = {
    name,
    command,
    exitCode: code,
    startedAt: startedAt.toISOString(),
    seconds: Math.round((finishedAt.getTime() - startedAt.getTime()) / 1000),
    machine,
    loadAverageAfter: describeMachine().loadAverage,
    rows,
  };
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = join(RESULTS_DIR, `${name}.json`);
  writeFileSync(`${path}.tmp`, `${JSON.stringify(result, null, 2)}\n`);
  renameSync(`${path}.tmp`, path);
  // In Biome's layout, so `npm run lint` passes on committed results.
  spawnSync(process.execPath, [BIOME, 'format', '--write', path], { cwd: ROOT, stdio: 'ignore' });
  if (code !== 0) console.error(`— ${name} failed (exit ${code}); its rows are saved anyway`);
  return code;
}

let failures = 0;
for (const entry of plan(process.argv.slice(2))) {
  if (entry.name === 'report') continue;
  if ((await runBench(entry)) !== 0) failures += 1;
}
const report = await runNode(['bench/report.mjs']);
process.exit(failures || report.code ? 1 : 0);
