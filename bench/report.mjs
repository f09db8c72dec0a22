// Renders bench/results/*.json into docs/performance.md, between its `<!-- bench:… -->` markers,
// so every figure in the document comes from a run. `node bench/report.mjs` (npm run bench runs it).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/app.mjs';
import { firstVisitSection } from './lib/first-visit-report.mjs';
import { fixed, splice, table } from './lib/markdown.mjs';
import { checkTargets } from './lib/targets.mjs';

const DOC = join(ROOT, 'docs/performance.md');
const NAMES = [
  'browser-transfer',
  'first-visit',
  'cli',
  'multi-file',
  'server-load',
  'server-scale',
  'sweeper',
  'upload-local-1g',
  'upload-s3-256m',
];

function load(name) {
  const path = join(ROOT, 'bench/results', `${name}.json`);
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

const results = Object.fromEntries(NAMES.map((name) => [name, load(name)]).filter(([, r]) => r));
const rowsOf = (name, kind) => (results[name]?.rows ?? []).filter((row) => row.kind === kind);
const transfers = rowsOf('browser-transfer', 'transfer');
const loads = rowsOf('server-load', 'load');

function machineSection() {
  // The load average differs between runs on one machine; the rest does not.
  const machines = Object.values(results).map(({ machine: { loadAverage, ...rest } }) =>
    JSON.stringify(rest),
  );
  const first = Object.values(results)[0]?.machine;
  if (!first) return '_No results yet._';
  const same = new Set(machines).size === 1;
  return [
    `- CPU: ${first.cpuModel}, ${first.cpuCount} cores; memory ${first.memoryGiB} GiB`,
    `- OS: ${first.os}`,
    `- Node ${first.node}; ${first.chromium} (headless, driven by playwright-core)`,
    same ? '' : '- Note: the results below were not all measured on the same machine.',
  ]
    .filter(Boolean)
    .join('\n');
}

function commandsSection() {
  return table(
    ['bench', 'exact command', 'started (UTC)', 'took', 'load average before → after', 'exit'],
    Object.values(results).map((r) => [
      r.name,
      `\`${r.command}\``,
      r.startedAt.slice(0, 16).replace('T', ' '),
      `${r.seconds} s`,
      `${r.machine.loadAverage.join(' ')} → ${r.loadAverageAfter.join(' ')}`,
      r.exitCode === 0 ? '0' : `**${r.exitCode}**`,
    ]),
  );
}

function transfersSection() {
  const phase = (p) => `${fixed(p.MiBs)} MiB/s (${fixed(p.seconds, 2)} s)`;
  const peak = (row, which) =>
    `${row[which].browserPeak.pssMiB} / ${row[which].browserPeak.rssMiB}`;
  return table(
    [
      'size',
      'driver',
      'mode',
      'upload',
      'download',
      'SHA-256',
      'browser idle PSS / RSS (MiB)',
      'browser peak up, PSS / RSS',
      'browser peak down, PSS / RSS',
      'server peak RSS up / down (MiB)',
    ],
    transfers.map((row) => [
      row.size,
      row.driver,
      row.mode,
      phase(row.upload),
      phase(row.download),
      row.sha256Match ? 'identical' : '**differs**',
      `${row.upload.browserIdle.pssMiB} / ${row.upload.browserIdle.rssMiB}`,
      peak(row, 'upload'),
      peak(row, 'download'),
      `${row.upload.serverPeakRssMiB} / ${row.download.serverPeakRssMiB}`,
    ]),
  );
}

function rolesSection() {
  const roles = [
    ...new Set(transfers.flatMap((row) => Object.keys(row.download.browserPeakByRole))),
  ].sort();
  return table(
    ['size', 'driver', 'mode', ...roles.map((role) => `${role} peak RSS (MiB)`)],
    transfers.map((row) => [
      row.size,
      row.driver,
      row.mode,
      ...roles.map((role) =>
        fixed(
          Math.max(
            row.upload.browserPeakByRole[role] ?? 0,
            row.download.browserPeakByRole[role] ?? 0,
          ),
        ),
      ),
    ]),
  );
}

function ceilingsSection() {
  const crypto = rowsOf('browser-transfer', 'ceiling-webcrypto').map((row) => [
    `WebCrypto AES-256-GCM, ${row.recordSize / 1024} KiB records, ${row.depth} in flight`,
    `encrypt ${fixed(row.encryptMiBs)} MiB/s, decrypt ${fixed(row.decryptMiBs)} MiB/s`,
  ]);
  const raw = rowsOf('browser-transfer', 'ceiling-raw-upload').map((row) => [
    `Chromium PUT (${row.transport ?? 'fetch'}) of the ${row.size} file to a discard server, ${row.partSize / 2 ** 20} MiB slices, ${row.concurrency} at once`,
    `${fixed(row.MiBs)} MiB/s (${fixed(row.seconds, 2)} s)`,
  ]);
  return table(['ceiling', 'measured'], [...crypto, ...raw]);
}

function loadSection(rows = loads) {
  return table(
    [
      'round',
      'database',
      'server processes',
      'route',
      'connections',
      'requests/s',
      'p50 (ms)',
      'p99 (ms)',
      'non-2xx / errors',
      'server CPU per request (ms)',
      'server peak RSS (MiB)',
    ],
    rows.map((row) => [
      row.round ?? 1,
      row.database,
      row.processes ?? 1,
      `\`${row.route}\``,
      row.connections,
      row.requestsPerSecond,
      row.latencyP50Ms,
      row.latencyP99Ms,
      `${row.non2xx} / ${row.errors}`,
      row.serverCpuMsPerRequest ?? '–',
      row.serverPeakRssMiB,
    ]),
  );
}

function sweeperSection() {
  const rows = rowsOf('sweeper', 'sweep');
  if (!rows.length) return '_No results yet: run the bench named above._';
  return table(
    [
      'database',
      'expired files',
      'live files',
      'swept / left',
      'time (s)',
      'files/s',
      'peak RSS (MiB)',
      'same pass, empty database: time (s), peak RSS (MiB)',
    ],
    rows.map((row) => [
      row.database,
      row.expiredFiles.toLocaleString('en'),
      row.liveFiles.toLocaleString('en'),
      `${row.swept.toLocaleString('en')} / ${row.filesLeft.toLocaleString('en')}`,
      row.seconds,
      row.filesPerSecond.toLocaleString('en'),
      row.peakRssMiB,
      `${row.idleSeconds}, ${row.idlePeakRssMiB}`,
    ]),
  );
}

function serverUploadSection() {
  const rows = ['upload-local-1g', 'upload-s3-256m'].flatMap((name) =>
    rowsOf(name, 'server-upload'),
  );
  return table(
    [
      'driver',
      'size (MiB)',
      'parts in flight',
      'upload',
      'of which finalize',
      'download',
      'server RSS idle / peak (MiB)',
    ],
    rows.map((row) => [
      row.driver,
      row.sizeMiB,
      row.concurrency,
      `${fixed(row.uploadMiBs)} MiB/s (${fixed(row.uploadSeconds, 2)} s)`,
      // Rows from before finalize was timed have none.
      row.finalizeSeconds === undefined ? '—' : `${fixed(row.finalizeSeconds, 2)} s`,
      `${fixed(row.downloadMiBs)} MiB/s (${fixed(row.downloadSeconds, 2)} s)`,
      `${row.idleRssMiB} / ${row.peakRssMiB}`,
    ]),
  );
}

function multiFileSection() {
  const phase = (p) =>
    `${fixed(p.MiBs)} MiB/s (${fixed(p.seconds, 2)} s), peak ${p.browserPeak.pssMiB} / ${p.browserPeak.rssMiB}`;
  return table(
    [
      'files',
      'driver',
      'total (MiB)',
      'share (browser PSS / RSS MiB)',
      'download all as zip (browser PSS / RSS MiB)',
      'browser idle PSS / RSS',
      'server peak RSS (MiB)',
      'zip checked',
    ],
    rowsOf('multi-file', 'multi-file').map((row) => [
      row.case,
      row.driver,
      fixed(row.totalBytes / 1024 / 1024, 0),
      phase(row.upload),
      phase(row.download),
      `${row.upload.browserIdle.pssMiB} / ${row.upload.browserIdle.rssMiB}`,
      `${row.upload.serverPeakRssMiB} / ${row.download.serverPeakRssMiB}`,
      row.zipVerified ? 'every CRC, every entry' : '**no**',
    ]),
  );
}

const GiB = 2 ** 30;
/** Browser CPU seconds per GiB of file for one phase or probe (null when not measured). */
const cpuPerGiB = (seconds, bytes) =>
  seconds === undefined ? '–' : fixed(seconds / (bytes / GiB), 1);
const decryptCeiling = () =>
  Math.max(0, ...rowsOf('browser-transfer', 'ceiling-webcrypto').map((row) => row.decryptMiBs));

function downloadCeilingSection() {
  const webCrypto = decryptCeiling();
  const rows = transfers.filter((row) => row.readProbes);
  const plainOf = (row) =>
    transfers.find((r) => r.mode === 'plain' && r.driver === row.driver && r.size === row.size);
  return table(
    [
      'size',
      'driver',
      'page reads the ciphertext',
      'Service Worker reads it',
      'Service Worker passes it to a download',
      'page fetches, transfers the stream to the Service Worker',
      'Service Worker runs AES-GCM over 64 KiB records into a download',
      'the same over 1 MiB records',
      'WebCrypto decrypt',
      'encrypted download',
      'plain download',
      'encrypted ÷ min(page read, decrypt)',
    ],
    rows.map((row) => {
      const probes = row.readProbes;
      const ceiling = Math.min(probes['page-read'].MiBs, webCrypto);
      return [
        row.size,
        row.driver,
        `${fixed(probes['page-read'].MiBs)} MiB/s`,
        `${fixed(probes['sw-read'].MiBs)} MiB/s`,
        `${fixed(probes['sw-serve'].MiBs)} MiB/s`,
        probeMiBs(probes['page-feeds-sw']),
        probeMiBs(probes['sw-crypt-64k']),
        probeMiBs(probes['sw-crypt-1m']),
        `${fixed(webCrypto)} MiB/s`,
        `${fixed(row.download.MiBs)} MiB/s`,
        plainOf(row) ? `${fixed(plainOf(row).download.MiBs)} MiB/s` : '–',
        `${((row.download.MiBs / ceiling) * 100).toFixed(0)} %`,
      ];
    }),
  );
}

/** A probe's speed, or a dash for runs made before the probe existed. */
const probeMiBs = (probe) => (probe ? `${fixed(probe.MiBs)} MiB/s` : '–');

function cpuSection() {
  const find = (row, mode) =>
    transfers.find((r) => r.mode === mode && r.driver === row.driver && r.size === row.size);
  const rows = transfers.filter((row) => row.mode === 'encrypted');
  return table(
    [
      'size',
      'driver',
      'plain upload',
      'encrypted upload',
      'plain download',
      'encrypted download',
      'page read',
      'SW read',
      'SW pass-through download',
      'page feeds SW',
      'SW AES-GCM, 64 KiB records',
      'SW AES-GCM, 1 MiB records',
    ],
    rows.map((row) => {
      const plain = find(row, 'plain');
      const probe = (name) => row.readProbes?.[name]?.browserCpuSeconds;
      return [
        row.size,
        row.driver,
        cpuPerGiB(plain?.upload.browserCpuSeconds, row.sizeBytes),
        cpuPerGiB(row.upload.browserCpuSeconds, row.sizeBytes),
        cpuPerGiB(plain?.download.browserCpuSeconds, row.sizeBytes),
        cpuPerGiB(row.download.browserCpuSeconds, row.sizeBytes),
        cpuPerGiB(probe('page-read'), row.sizeBytes),
        cpuPerGiB(probe('sw-read'), row.sizeBytes),
        cpuPerGiB(probe('sw-serve'), row.sizeBytes),
        cpuPerGiB(probe('page-feeds-sw'), row.sizeBytes),
        cpuPerGiB(probe('sw-crypt-64k'), row.sizeBytes),
        cpuPerGiB(probe('sw-crypt-1m'), row.sizeBytes),
      ];
    }),
  );
}

function cliSection() {
  const rows = rowsOf('cli', 'cli');
  if (!rows.length) return '_No results yet: run the bench named above._';
  const cell = (step) => `${step.MiBs} MiB/s (${step.seconds} s), ${step.peakRssMiB} MiB`;
  return table(
    [
      'size',
      'driver',
      'curl plain upload',
      'sealdrop send (encrypted): speed, peak RSS',
      'send ÷ curl (target ≥ 0.9)',
      'sealdrop send --plain',
      'sealdrop get (decrypting)',
      'bytes',
    ],
    rows.map((row) => [
      row.size,
      row.driver,
      `${row.curlPlainUpload.MiBs} MiB/s (${row.curlPlainUpload.seconds} s)`,
      cell(row.send),
      row.sendVsCurl >= 0.9 ? `${row.sendVsCurl}` : `**${row.sendVsCurl}**`,
      cell(row.sendPlain),
      cell(row.get),
      row.verified ? 'identical' : '**differ**',
    ]),
  );
}

function targetsSection() {
  const checks = checkTargets(transfers, loads, decryptCeiling());
  return table(
    ['target', 'where', 'measured', 'status'],
    checks.map((c) => [
      c.target,
      c.where,
      c.measured,
      c.status === 'PASS' ? 'PASS' : `**${c.status}**`,
    ]),
  );
}

let text = readFileSync(DOC, 'utf8');
const sections = {
  machine: machineSection,
  commands: commandsSection,
  targets: targetsSection,
  transfers: transfersSection,
  'multi-file': multiFileSection,
  'download-ceiling': downloadCeilingSection,
  cpu: cpuSection,
  cli: cliSection,
  roles: rolesSection,
  ceilings: ceilingsSection,
  load: () => loadSection(),
  scale: () => loadSection(rowsOf('server-scale', 'load')),
  sweeper: sweeperSection,
  'server-upload': serverUploadSection,
  'first-visit': () => firstVisitSection(results['first-visit']),
};
for (const [name, render] of Object.entries(sections)) text = splice(text, name, render());
writeFileSync(DOC, text);
console.error(
  `[report] docs/performance.md rendered from ${Object.keys(results).join(', ') || 'no results'}`,
);
