import { describe, expect, it } from 'vitest';
import { createRedisHealth } from './redis-health';

function setUp() {
  let now = 0;
  const lines: { level: string; message: string; details: object }[] = [];
  const log = {
    warn: (details: object, message: string) => lines.push({ level: 'warn', message, details }),
    info: (details: object, message: string) => lines.push({ level: 'info', message, details }),
  };
  const health = createRedisHealth({ log, now: () => now, repeatWarningMs: 60_000 });
  return { health, lines, advance: (ms: number) => (now += ms) };
}

const down = new Error('connect ECONNREFUSED 127.0.0.1:6390');

describe('Redis health as rate limiting sees it', () => {
  it('warns once per outage, not once per skipped check or reconnect attempt', () => {
    const { health, lines } = setUp();
    health.connectionFailed(down);
    for (let i = 0; i < 50; i += 1) health.checkSkipped(down);
    health.connectionFailed(down);
    expect(lines).toEqual([
      {
        level: 'warn',
        message: 'Redis is unavailable: rate limits are not enforced until it answers again',
        details: { reason: down.message, skippedChecks: 0 },
      },
    ]);
  });

  it('repeats the warning at most once a minute while the outage lasts, with the checks skipped since', () => {
    const { health, lines, advance } = setUp();
    health.checkSkipped(down);
    advance(30_000);
    health.checkSkipped(down);
    health.checkSkipped(down);
    advance(30_000);
    health.checkSkipped(down);
    expect(lines.map((line) => line.details)).toEqual([
      { reason: down.message, skippedChecks: 1 },
      { reason: down.message, skippedChecks: 3 },
    ]);
  });

  it('says once that limits are back, and warns again at the next outage', () => {
    const { health, lines } = setUp();
    health.checkSkipped(down);
    health.checkSkipped(down);
    health.answered();
    health.answered();
    health.checkSkipped(down);
    expect(lines.map((line) => [line.level, line.message, line.details])).toEqual([
      ['warn', expect.stringContaining('unavailable'), expect.anything()],
      ['info', 'Redis answers again: rate limits are enforced again', { skippedChecks: 1 }],
      ['warn', expect.stringContaining('unavailable'), expect.anything()],
    ]);
  });

  it('counts every skipped check for metrics and tells each listener', () => {
    const { health } = setUp();
    let told = 0;
    const stop = health.onSkippedCheck(() => (told += 1));
    health.checkSkipped(down);
    health.checkSkipped(down);
    health.connectionFailed(down);
    stop();
    health.checkSkipped(down);
    expect(health.skippedChecks).toBe(3);
    expect(told).toBe(2);
  });
});
