// The pure parts of the report: sizes, marker splicing and the target checks.
// Run with `node --test bench/lib/` (no browser, no server).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseFlags, parseSize } from './args.mjs';
import { splice } from './markdown.mjs';
import { checkTargets } from './targets.mjs';

test('sizes are binary units and flags pair with their values', () => {
  assert.equal(parseSize('100M'), 100 * 2 ** 20);
  assert.equal(parseSize('5G'), 5 * 2 ** 30);
  assert.throws(() => parseSize('5GB'), /bad size/);
  assert.deepEqual(parseFlags(['--sizes', '1G,5G', '--quick']), { sizes: '1G,5G', quick: 'true' });
});

test('splice replaces only what sits between its own markers', () => {
  const doc =
    'a\n<!-- bench:x -->\nold\n<!-- /bench:x -->\n<!-- bench:y -->\nkeep\n<!-- /bench:y -->\n';
  const out = splice(doc, 'x', 'new');
  assert.match(out, /<!-- bench:x -->\nnew\n<!-- \/bench:x -->/);
  assert.match(out, /keep/);
  assert.doesNotMatch(out, /old/);
  assert.throws(() => splice(doc, 'z', ''), /lacks the markers/);
});

function transfer(
  driver,
  mode,
  size,
  { up, down, pss = 200, idle = 100, serverRss = 150, match = true },
) {
  const phase = (MiBs) => ({
    MiBs,
    browserIdle: { pssMiB: idle, rssMiB: idle * 2 },
    browserPeak: { pssMiB: pss, rssMiB: pss * 2 },
    serverPeakRssMiB: serverRss,
  });
  return {
    driver,
    mode,
    size,
    sizeBytes: parseSize(size),
    upload: phase(up),
    download: phase(down),
    sha256Match: match,
  };
}

const statusOf = (checks, fragment, where) =>
  checks.find((c) => c.target.includes(fragment) && (!where || c.where === where))?.status;

test('ratios pass at the threshold and miss below it', () => {
  const checks = checkTargets(
    [
      transfer('local', 'encrypted', '1G', { up: 85, down: 79 }),
      transfer('local', 'plain', '1G', { up: 100, down: 100 }),
    ],
    [],
  );
  assert.equal(statusOf(checks, 'encrypted upload'), 'PASS');
  assert.equal(statusOf(checks, 'download+decrypt'), 'MISS');
});

test('5 GiB targets say NOT RUN without a 5G row, and are judged with one', () => {
  const small = transfer('local', 'encrypted', '100M', { up: 1, down: 1, pss: 250 });
  const without = checkTargets([small], []);
  assert.equal(statusOf(without, 'done:'), 'NOT RUN');
  const big = transfer('local', 'encrypted', '5G', { up: 1, down: 1, pss: 290, match: false });
  const withBig = checkTargets([small, big], []);
  assert.equal(statusOf(withBig, 'done:'), 'MISS');
  // 290 MiB is above 300 MB (286 MiB); 250 → 290 is within 1.2×.
  assert.equal(statusOf(withBig, 'peak browser memory, 5 GiB'), 'MISS');
  assert.equal(statusOf(withBig, 'flat'), 'PASS');
  // 290 - 100 idle = 190 MiB of growth.
  assert.equal(statusOf(withBig, 'growth over idle'), 'PASS');
  const heavy = transfer('local', 'encrypted', '5G', { up: 1, down: 1, pss: 400, idle: 100 });
  assert.equal(statusOf(checkTargets([small, heavy], []), 'growth over idle'), 'MISS');
});

test('the load target counts presign and resolve on SQLite only, at 50 connections', () => {
  const load = (database, route, requestsPerSecond) => ({
    kind: 'load',
    database,
    route,
    connections: 50,
    requestsPerSecond,
    latencyP99Ms: 10,
  });
  const checks = checkTargets(
    [],
    [
      load('sqlite', 'POST /api/upload/presign', 3000),
      load('sqlite', 'GET /api/s/:code', 2999),
      load('sqlite', 'GET /api/files/:fileId/info', 10),
      load('postgres', 'GET /api/s/:code', 10),
    ],
  );
  assert.equal(checks.length, 2);
  assert.equal(statusOf(checks, 'presign'), 'PASS');
  assert.equal(statusOf(checks, '/api/s/'), 'MISS');
});

test('server RSS is checked in every phase and the worst one is named', () => {
  const checks = checkTargets(
    [
      transfer('local', 'encrypted', '1G', { up: 85, down: 79 }),
      transfer('local', 'plain', '1G', { up: 100, down: 100, serverRss: 195 }),
    ],
    [],
  );
  const check = checks.find((c) => c.target === 'server RSS < 200 MB in every phase');
  assert.equal(check.status, 'MISS');
  assert.match(check.measured, /195 MiB \(1G plain/);
});
