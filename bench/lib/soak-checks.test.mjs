// The soak's pure checks: a memory slope, 5xx inside and outside fault windows, the schedule.
// Run with `node --test bench/lib/`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  faultSchedule,
  quantile,
  readMetrics,
  serverErrorsOutside,
  slopePerTenMinutes,
} from './soak-checks.mjs';

test('reads unlabelled samples and the first series of a labelled one from /metrics', () => {
  const text = [
    '# HELP process_resident_memory_bytes Resident memory size in bytes.',
    'process_resident_memory_bytes 123456789',
    'nodejs_eventloop_lag_p99_seconds 0.0123',
    'nodejs_heap_size_used_bytes{space="x"} 5',
    'nodejs_heap_size_used_bytes{space="y"} 7',
  ].join('\n');
  assert.deepEqual(
    readMetrics(text, [
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
    ]),
    {
      process_resident_memory_bytes: 123456789,
      nodejs_eventloop_lag_p99_seconds: 0.0123,
      nodejs_heap_size_used_bytes: 5,
    },
  );
});

test('a steady climb of 1 per minute is a slope of 10 per 10 minutes; noise around flat is near 0', () => {
  const climb = Array.from({ length: 20 }, (_, i) => ({ at: i * 60_000, value: 100 + i }));
  assert.ok(Math.abs(Number(slopePerTenMinutes(climb)) - 10) < 1e-9);
  const flat = Array.from({ length: 20 }, (_, i) => ({
    at: i * 30_000,
    value: 100 + (i % 2 ? 3 : -3),
  }));
  assert.ok(Math.abs(Number(slopePerTenMinutes(flat))) < 2);
  assert.equal(slopePerTenMinutes(climb.slice(0, 2)), null);
});

test('quantiles by nearest rank', () => {
  assert.equal(quantile([5, 1, 3, 2, 4], 0.99), 5);
  assert.equal(quantile([5, 1, 3, 2, 4], 0.5), 3);
  assert.equal(quantile([], 0.5), null);
});

test('a 5xx inside a fault window (or its grace) is expected; one outside is reported', () => {
  const windows = [{ from: 1000, to: 2000 }];
  const answers = [
    { at: 500, status: 200 },
    { at: 1500, status: 502 },
    { at: 2900, status: 503 },
    { at: 3500, status: 500 },
  ];
  assert.deepEqual(
    serverErrorsOutside(answers, windows, 1000).map((a) => a.at),
    [3500],
  );
});

test('ten minutes bring four kills two minutes apart and one of each other fault; one minute one kill', () => {
  const ten = faultSchedule(600_000);
  assert.deepEqual(
    ten.filter((f) => f.kind === 'kill').map((f) => f.at),
    [120_000, 240_000, 360_000, 480_000],
  );
  for (const kind of ['redis', 'postgres', 'store'])
    assert.equal(ten.filter((f) => f.kind === kind).length, 1);
  const one = faultSchedule(60_000);
  assert.equal(one.filter((f) => f.kind === 'kill').length, 1);
  assert.ok(one.every((f) => f.at < 60_000));
});
