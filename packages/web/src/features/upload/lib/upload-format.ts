/**
 * Display rules of the status card; sizes and speeds
 * are written by core's format-size.ts, as everywhere else.
 */

export interface ProgressValue {
  percent?: number;
  speed?: number | null;
  eta?: number | null;
}

/** Progress is clamped to 0–100; anything that is not a finite number counts as 0. */
export function clampProgress(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/** The progress callback accepts a bare percent or an object with percent, speed and eta. */
export function normalizeProgress(value: number | ProgressValue | null | undefined) {
  if (typeof value === 'object' && value !== null) {
    return {
      percent: clampProgress(value.percent),
      speed: finiteOrNull(value.speed),
      eta: finiteOrNull(value.eta),
    };
  }
  return { percent: clampProgress(value), speed: null, eta: null };
}

function finiteOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

/** "N s remaining", whole seconds rounded up so it never reads 0 while bytes are still going. */
export function formatEta(seconds: number): string {
  return `${Math.max(0, Math.ceil(seconds))} s remaining`;
}
