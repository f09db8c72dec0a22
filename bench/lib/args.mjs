// Command-line flags of the benches: `--name value` pairs, sizes as 100M / 1G / 5G (binary units).
export const MiB = 1024 * 1024;
export const GiB = 1024 * MiB;

/** `['--sizes', '100M,1G']` → `{ sizes: '100M,1G' }`; a flag without a value is `'true'`. */
export function parseFlags(argv) {
  const flags = {};
  for (let i = 0; i < argv.length; i += 1) {
    const token = argv[i];
    if (!token.startsWith('--')) throw new Error(`unexpected argument "${token}"`);
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) flags[token.slice(2)] = 'true';
    else {
      flags[token.slice(2)] = next;
      i += 1;
    }
  }
  return flags;
}

/** A comma-separated flag, checked against the values it may take. */
export function listFlag(flags, name, fallback, allowed) {
  const values = (flags[name] ?? fallback).split(',').filter(Boolean);
  const bad = allowed ? values.filter((value) => !allowed.includes(value)) : [];
  if (bad.length)
    throw new Error(`--${name}: unknown ${bad.join(', ')}; known: ${allowed.join(', ')}`);
  return values;
}

/** '100M' → 104857600, '5G' → 5368709120, '512K' → 524288. */
export function parseSize(text) {
  const match = /^(\d+)([KMG])$/i.exec(text);
  if (!match) throw new Error(`bad size "${text}": use a number and K, M or G (binary units)`);
  const unit = { K: 1024, M: MiB, G: GiB }[
    /** @type {'K' | 'M' | 'G'} */ (String(match[2]).toUpperCase())
  ];
  return Number(match[1]) * unit;
}

export const round = (value, digits = 1) => Number(value.toFixed(digits));
export const toMiB = (bytes) => round(bytes / MiB, 1);
export const mibPerSecond = (bytes, ms) => round(bytes / MiB / (ms / 1000), 1);
