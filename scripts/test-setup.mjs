// `npm test`'s first step (pretest): make a fresh machine ready for the whole suite, as the README
// promises: Debian's chromium and firefox-esr for the browser tests, Debian's clamd for the malware
// scanning tests and the local PostgreSQL cluster running. It does nothing when all are in place
// already.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { CHROMIUM_PATH as CHROMIUM } from './chromium.mjs';
import { FIREFOX_PATH as FIREFOX } from './firefox.mjs';

const isRoot = process.getuid?.() === 0;

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  return result.status === 0;
}

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function fail(message) {
  console.error(`\nnpm test cannot start: ${message}\n`);
  process.exit(1);
}

/** Installs Debian's `packages` (as root, with apt-get) when any of `paths` is missing. */
function ensureBrowsers(wanted) {
  const missing = wanted.filter(({ path }) => !existsSync(path));
  if (missing.length === 0) return;
  const packages = missing.map(({ name }) => name);
  const command = `apt-get update && apt-get install -y ${packages.join(' ')}`;
  const paths = missing.map(({ path }) => path).join(', ');
  if (!isRoot || !has('apt-get'))
    fail(
      `Debian's ${packages.join(' and ')} missing (${paths}). Install with: sudo sh -c '${command}'`,
    );
  console.log(`Installing Debian's ${packages.join(' and ')} for the browser tests…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    !run('apt-get', ['update', '-qq'], { env }) ||
    !run('apt-get', ['install', '-y', '-qq', ...packages], { env })
  )
    fail(`installing ${packages.join(' and ')} failed; try: ${command}`);
}

/**
 * The malware scanning tests run clamd themselves (packages/server/src/testing/clamd.ts), with a
 * signature file of their own: only the binary is needed, never the package's service (which,
 * started by the install or not, neither finds signatures nor gets in the tests' way).
 */
function ensureClamd() {
  const clamd = process.env.CLAMD_PATH ?? '/usr/sbin/clamd';
  if (existsSync(clamd)) return;
  const command = 'apt-get update && apt-get install -y --no-install-recommends clamav-daemon';
  const required =
    process.env.CI === 'true' || ['1', 'true'].includes(process.env.REQUIRE_CLAMD ?? '');
  if (!isRoot || !has('apt-get')) {
    if (required)
      fail(`Debian's clamd is missing (${clamd}). Install it with: sudo sh -c '${command}'`);
    console.warn(
      `clamd is missing (${clamd}): the malware scanning tests will be skipped. Install it with: sudo sh -c '${command}'`,
    );
    return;
  }
  console.log("Installing Debian's clamav-daemon for the malware scanning tests…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const installed =
    run('apt-get', ['update', '-qq'], { env }) &&
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'clamav-daemon'], { env });
  if (!installed || !existsSync(clamd)) {
    if (required) fail(`installing clamav-daemon failed; try: ${command}`);
    console.warn('Installing clamav-daemon failed: the malware scanning tests will be skipped.');
  }
}

function postgresAnswers() {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: 5432 });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function ensurePostgres() {
  // Another server named by DATABASE_URL_TEST is the caller's to run.
  const url = process.env.DATABASE_URL_TEST;
  if (url && !/@(127\.0\.0\.1|localhost)(:5432)?\//.test(url)) return true;
  if (await postgresAnswers()) return true;
  // Installed but down (Debian's cluster layout): start it. Not installed: the PostgreSQL suites
  // skip themselves, except where REQUIRE_POSTGRES (CI) makes that a failure.
  if (!existsSync('/etc/postgresql') || !has('pg_ctlcluster')) return false;
  const version = readdirSync('/etc/postgresql').sort().at(-1);
  if (!isRoot) {
    console.warn(`PostgreSQL is down; start it with: sudo pg_ctlcluster ${version} main start`);
    return false;
  }
  console.log('Starting PostgreSQL…');
  run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start']);
  for (let i = 0; i < 30; i += 1) {
    if (await postgresAnswers()) return true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return false;
}

ensureBrowsers([
  { name: 'chromium', path: CHROMIUM },
  { name: 'firefox-esr', path: FIREFOX },
]);
ensureClamd();
await ensurePostgres();
