import { describe, expect, it } from 'vitest';
import { createProgressMeter } from './progress-meter';

describe('createProgressMeter', () => {
  it('reports percent, speed over the recent window and time left', () => {
    let now = 0;
    const meter = createProgressMeter(10 * 1_048_576, () => now);
    now = 1000;
    const first = meter.update(1_048_576);
    expect(first.percent).toBeCloseTo(10);
    expect(first.speed).toBeCloseTo(1_048_576);
    expect(first.eta).toBeCloseTo(9);

    now = 2000;
    const second = meter.update(3 * 1_048_576);
    expect(second.speed).toBeCloseTo(1.5 * 1_048_576);
    expect(second.eta).toBeCloseTo((7 * 1_048_576) / (1.5 * 1_048_576));
  });

  it('forgets samples older than the window, so speed follows the current rate', () => {
    let now = 0;
    const meter = createProgressMeter(100_000_000, () => now, 1000);
    for (let t = 1; t <= 5; t += 1) {
      now = t * 1000;
      meter.update(t * 1000);
    }
    now = 6000;
    expect(meter.update(1_005_000).speed).toBeCloseTo(1_000_000);
  });

  it('never reports a negative speed when a retried part gives bytes back', () => {
    let now = 0;
    const meter = createProgressMeter(1000, () => now, 50);
    now = 100;
    meter.update(500);
    now = 200;
    const snapshot = meter.update(100);
    expect(snapshot.speed).toBe(0);
    expect(snapshot.eta).toBeNull();
  });
});
