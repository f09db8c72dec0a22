/**
 * Turns "bytes sent so far" into percent, speed and time left. Speed is measured over a sliding
 * window so it follows the current rate rather than the average since the start.
 */
export interface ProgressSnapshot {
  percent: number;
  /** Bytes per second. */
  speed: number;
  /** Seconds left, or null while the speed is unknown. */
  eta: number | null;
  loaded: number;
  total: number;
}

interface Sample {
  at: number;
  loaded: number;
}

export function createProgressMeter(
  total: number,
  now: () => number = () => performance.now(),
  windowMs = 3000,
) {
  const samples: Sample[] = [{ at: now(), loaded: 0 }];

  return {
    update(loaded: number): ProgressSnapshot {
      const at = now();
      samples.push({ at, loaded });
      // Keep one sample older than the window so the rate always spans the whole window.
      while (samples.length > 2 && (samples[1]?.at ?? at) <= at - windowMs) samples.shift();
      const first = samples[0] ?? { at, loaded };
      const elapsed = (at - first.at) / 1000;
      const speed = elapsed > 0 ? Math.max(0, (loaded - first.loaded) / elapsed) : 0;
      const remaining = Math.max(0, total - loaded);
      const percent = total > 0 ? Math.min(100, (loaded / total) * 100) : 100;
      return { percent, speed, eta: speed > 0 ? remaining / speed : null, loaded, total };
    },
  };
}

/**
 * "Bytes sent" → progress reports at most every `intervalMs` (and always the last one), so React
 * re-renders at most ~10 times a second.
 */
export function throttledProgress(
  total: number,
  onProgress: ((progress: ProgressSnapshot) => void) | undefined,
  intervalMs = 100,
): (sent: number) => void {
  const meter = createProgressMeter(total);
  let lastReport = Number.NEGATIVE_INFINITY;
  return (sent) => {
    const now = performance.now();
    if (now - lastReport < intervalMs && sent < total) return;
    lastReport = now;
    onProgress?.(meter.update(sent));
  };
}
