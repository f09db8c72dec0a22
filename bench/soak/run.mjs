// `npm run soak [-- --minutes 10 --users 6 --max-requests 200000 --no-docs]`: the production
// topology on this machine under mixed traffic and a fault schedule, then the end checks, printed
// as a table, saved in bench/results/soak.json and (unless --no-docs) written into
// docs/reliability.md. Exits 1 when a check fails. See docs/reliability.md "Soak".
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFlags } from '../lib/args.mjs';
import { describeMachine } from '../lib/machine.mjs';
import { splice } from '../lib/markdown.mjs';
import { faultSchedule } from '../lib/soak-checks.mjs';
import { Stats } from './client.mjs';
import { startScraping } from './observe.mjs';
import { checksTable, summarize } from './summary.mjs';
import { startTopology } from './topology.mjs';
import { newLedger, runUsers } from './users.mjs';
import { verify } from './verify.mjs';

const MiB = 1024 * 1024;
const ROOT = join(import.meta.dirname, '..', '..');
const flags = parseFlags(process.argv.slice(2));
const minutes = Number(flags.minutes ?? 10);
const durationMs = Math.round(minutes * 60_000);
const users = Number(flags.users ?? (minutes >= 5 ? 6 : 3));
const maxRequests = Number(flags['max-requests'] ?? 200_000);
/** A few large uploads: 256 MiB and 64 MiB in a long run, one 32 MiB in a short one. */
const large = minutes >= 5 ? [64 * MiB, 256 * MiB, 64 * MiB] : [32 * MiB];
const started = Date.now();
const log = (line) =>
  console.log(`[soak ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

log(`starting: ${minutes} min, ${users} users, at most ${maxRequests} requests`);
const topology = await startTopology({ maxRequests, log });
// Stopped from outside (Ctrl-C, a test's timeout): end every process started and drop the database.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    topology.stop().finally(() => process.exit(1));
  });
}
let exitCode = 1;
try {
  const stats = new Stats();
  const ledger = newLedger();
  const scraping = startScraping(topology.servers);
  const runStarted = Date.now();
  const deadline = runStarted + durationMs;
  log(
    `topology up in ${((runStarted - started) / 1000).toFixed(0)} s; balancer ${topology.balancer.origin}`,
  );

  /** @type {{ kind: string, from: number, to: number }[]} */
  const windows = [];
  const faults = (async () => {
    for (const fault of faultSchedule(durationMs)) {
      const wait = runStarted + fault.at - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const window = { kind: fault.kind, from: Date.now(), to: Number.POSITIVE_INFINITY };
      windows.push(window);
      if (fault.kind === 'kill') await topology.killAndRestart(topology.servers[1]);
      if (fault.kind === 'redis') await topology.restartRedis(3000);
      if (fault.kind === 'postgres') await topology.cutPostgres(10_000);
      if (fault.kind === 'store') await topology.stallStore(20_000);
      window.to = Date.now();
    }
  })();

  const ctx = {
    origin: topology.balancer.origin,
    work: topology.work,
    stats,
    ledger,
    startedAt: runStarted,
    // Expiring links are made early enough to expire (60 s) before the end checks.
    expiryUntil: deadline - 45_000,
  };
  await runUsers(ctx, {
    users,
    large,
    durationMs,
    shouldStop: () => Date.now() >= deadline || topology.balancer.overBudget(),
  });
  log(
    `traffic stopped after ${((Date.now() - runStarted) / 1000).toFixed(0)} s, ${topology.balancer.requests()} requests`,
  );
  await faults;
  await scraping.stop();
  const lastExpiry = Math.max(
    0,
    ...ledger.uploads.filter((u) => u.kind === 'expiring').map((u) => u.expiresAt),
  );
  if (lastExpiry > Date.now()) {
    log(`waiting ${((lastExpiry - Date.now()) / 1000).toFixed(0)} s for the last expiring link`);
    await new Promise((resolve) => setTimeout(resolve, lastExpiry - Date.now() + 1000));
  }
  log('end checks');
  const checked = await verify({ topology, ledger, stats });
  const summary = summarize({
    restarts: topology.restarts,
    crashes: topology.crashes,
    minutes,
    users,
    runMs: Date.now() - runStarted,
    requests: topology.balancer.requests(),
    answers: topology.balancer.answers,
    windows,
    servers: topology.servers,
    samples: scraping.samples,
    stats,
    ledger,
    checked,
  });
  const table = checksTable(summary);
  console.log(`\n${table}\n`);
  if (stats.failures.length)
    console.log(`Failures:\n- ${stats.failures.slice(0, 50).join('\n- ')}`);
  const machine = describeMachine();
  const record = {
    date: new Date().toISOString(),
    command: `npm run soak -- ${process.argv.slice(2).join(' ')}`.trim(),
    machine,
    summary,
    failures: stats.failures,
  };
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  if (!flags['no-docs']) {
    writeFileSync(
      join(ROOT, 'bench', 'results', 'soak.json'),
      `${JSON.stringify(record, null, 2)}\n`,
    );
    const docs = join(ROOT, 'docs', 'reliability.md');
    const text = readFileSync(docs, 'utf8');
    const about = `${record.date.slice(0, 16).replace('T', ' ')} UTC, \`${record.command}\`, ${machine.cpuCount} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node}; load average at the end ${machine.loadAverage.join(' / ')} (other work shared the cores).`;
    writeFileSync(docs, splice(text, 'soak', `${about}\n\n${table}`));
  }
  exitCode = summary.passed ? 0 : 1;
  log(summary.passed ? 'every check passed' : 'SOME CHECKS FAILED');
} catch (caught) {
  const error = /** @type {any} */ (caught);
  console.error(error);
  for (const server of topology.servers)
    console.error(`--- server ${server.name} log tail:\n${topology.logsOf(server).slice(-4000)}`);
} finally {
  await topology.stop();
}
process.exit(exitCode);
