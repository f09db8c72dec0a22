// The pure parts of the soak's end checks (bench/soak/): reading /metrics, the memory slope, 5xx
// answers against the fault windows, the fault schedule. Tested by soak-checks.test.mjs.

/** The value of each named sample in a Prometheus text (first series of each name, no labels). */
export function readMetrics(text, names) {
  const values = {};
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{[^}]*\})?\s+(\S+)/.exec(line);
    const name = match?.[1];
    if (match && name && names.includes(name) && !(name in values)) values[name] = Number(match[2]);
  }
  return values;
}

/**
 * Least-squares slope of `samples` ({ at: ms, value }), as change per 10 minutes; null with fewer
 * than 3 samples or under a minute of them.
 */
export function slopePerTenMinutes(samples) {
  if (samples.length < 3) return null;
  const span = samples.at(-1).at - samples[0].at;
  if (span < 60_000) return null;
  const meanX = samples.reduce((sum, s) => sum + s.at, 0) / samples.length;
  const meanY = samples.reduce((sum, s) => sum + s.value, 0) / samples.length;
  let num = 0;
  let den = 0;
  for (const { at, value } of samples) {
    num += (at - meanX) * (value - meanY);
    den += (at - meanX) ** 2;
  }
  return (num / den) * 600_000;
}

/** The q-quantile (0…1) of numbers, nearest rank; null for none. */
export function quantile(values, q) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** Answers with a 5xx status outside every window ({ from, to } in ms, `to` widened by `graceMs`). */
export function serverErrorsOutside(answers, windows, graceMs) {
  return answers.filter(
    (answer) =>
      answer.status >= 500 &&
      !windows.some((window) => answer.at >= window.from && answer.at <= window.to + graceMs),
  );
}

/**
 * When each fault starts, in ms after the start of a run of `durationMs`: a kill -9 every 2
 * minutes (at least one, at a fifth of a shorter run) and, once each, a Redis restart, a cut of
 * PostgreSQL and a stall of the store, spread so that no two start together.
 */
export function faultSchedule(durationMs) {
  const minute = 60_000;
  const kills = [];
  for (let at = 2 * minute; at < durationMs - 30_000; at += 2 * minute) kills.push(at);
  if (!kills.length) kills.push(Math.round(durationMs * 0.2));
  return [
    ...kills.map((at) => ({ at, kind: 'kill' })),
    { at: Math.round(durationMs * 0.3), kind: 'redis' },
    { at: Math.round(durationMs * 0.45), kind: 'postgres' },
    { at: Math.round(durationMs * 0.65), kind: 'store' },
  ].sort((a, b) => a.at - b.at);
}
