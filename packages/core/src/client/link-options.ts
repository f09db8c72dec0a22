/**
 * What a link may be given, for the page and the command line alike: how long it lives ("Expires
 * after") and how many downloads it allows ("Download limit"), bounded by the limits the server
 * reports at GET /api/config. Every text about retention and size limits is made from these, so an
 * instance run with RETENTION_HOURS=48 says 48 hours everywhere.
 */
import { MAX_UPLOAD_BYTES, RETENTION_MS, type UploadTier } from '../limits';
import { retentionLabel } from '../retention';

const HOUR = 3600;
const DAY = 24 * HOUR;

/** The part of /api/config the limits come from; absent fields keep a default server's values. */
export interface LimitsConfig {
  retentionHours?: number | undefined;
  premiumRetentionDays?: number | undefined;
  maxUploadBytes?: Partial<Record<UploadTier, number>> | undefined;
}

export interface LinkLimits {
  /** The longest a file is kept, per tier. */
  retentionMs: Record<UploadTier, number>;
  maxUploadBytes: Record<UploadTier, number>;
}

export function linkLimits(config?: LimitsConfig | null): LinkLimits {
  const hours = config?.retentionHours;
  const days = config?.premiumRetentionDays;
  const standard = hours && hours > 0 ? hours * HOUR * 1000 : RETENTION_MS.free;
  return {
    retentionMs: {
      guest: hours && hours > 0 ? standard : RETENTION_MS.guest,
      free: standard,
      premium: days && days > 0 ? days * DAY * 1000 : RETENTION_MS.premium,
    },
    maxUploadBytes: { ...MAX_UPLOAD_BYTES, ...config?.maxUploadBytes },
  };
}

/** The usual expiries; `flag` is the command line's `--expire` value. */
export const EXPIRY_CHOICES = [
  { flag: '1h', label: '1 hour', seconds: HOUR },
  { flag: '1d', label: '1 day', seconds: DAY },
  { flag: '7d', label: '7 days', seconds: 7 * DAY },
  { flag: '30d', label: '30 days', seconds: 30 * DAY },
] as const;

export interface ExpiryOption {
  label: string;
  /** The command line's `--expire` value for it: `1h`, `1d`, `48h`, `7d` … */
  flag: string;
  seconds: number;
  /** Longer than this plan keeps: shown, but only Premium may pick it. */
  premiumOnly: boolean;
}

/**
 * The expiries offered to a plan: the usual ones up to the plan's retention, the retention itself
 * when it is none of them (48 hours), and, outside Premium, the next longer one marked Premium.
 */
export function expiryOptions(limits: LinkLimits, premium: boolean): ExpiryOption[] {
  const max = limits.retentionMs[premium ? 'premium' : 'free'] / 1000;
  const seconds = new Set<number>(EXPIRY_CHOICES.map((choice) => choice.seconds));
  seconds.add(max);
  const sorted = [...seconds].sort((a, b) => a - b);
  const allowed = sorted.filter((s) => s <= max);
  const beyond = premium ? [] : sorted.filter((s) => s > max).slice(0, 1);
  return [...allowed, ...beyond].map((s) => ({
    label: labelOf(s),
    flag: flagOf(s),
    seconds: s,
    premiumOnly: s > max,
  }));
}

/**
 * Every expiry some plan of the server may pick (the command line, which does not know the plan,
 * checks `--expire` against these): each plan's own, marked Premium beyond what a free account keeps.
 */
export function serverExpiryOptions(limits: LinkLimits): ExpiryOption[] {
  const free = limits.retentionMs.free / 1000;
  const all = new Map<number, ExpiryOption>();
  for (const option of [...expiryOptions(limits, false), ...expiryOptions(limits, true)]) {
    all.set(option.seconds, { ...option, premiumOnly: option.seconds > free });
  }
  return [...all.values()].sort((a, b) => a.seconds - b.seconds);
}

/** A new link lives as long as the plan keeps files, unless the sender picks less. */
export function defaultExpirySeconds(limits: LinkLimits, premium: boolean): number {
  return limits.retentionMs[premium ? 'premium' : 'free'] / 1000;
}

/**
 * The option `--expire` names among `options`: `<n>h` or `<n>d`, so a retention of 48 hours is
 * `48h` or `2d` alike. Undefined when it names none of them.
 */
export function expiryByFlag(
  flag: string,
  options: readonly ExpiryOption[],
): ExpiryOption | undefined {
  const match = /^(\d+)([hd])$/.exec(flag.trim());
  if (!match) return undefined;
  const seconds = Number(match[1]) * (match[2] === 'd' ? DAY : HOUR);
  return options.find((option) => option.seconds === seconds);
}

/** A usual expiry's own flag; another in days from three on, else in hours, as its label says. */
function flagOf(seconds: number): string {
  const known = EXPIRY_CHOICES.find((choice) => choice.seconds === seconds);
  if (known) return known.flag;
  return seconds > 2 * DAY && seconds % DAY === 0 ? `${seconds / DAY}d` : `${seconds / HOUR}h`;
}

function labelOf(seconds: number): string {
  const known = EXPIRY_CHOICES.find((choice) => choice.seconds === seconds);
  return known ? known.label : retentionLabel(seconds * 1000);
}

/** "Download limit": "1 download" burns after reading; null = unlimited, the default. */
export const DOWNLOAD_LIMIT_CHOICES = [
  { label: '1 download', limit: 1 },
  { label: '5 downloads', limit: 5 },
  { label: '20 downloads', limit: 20 },
  { label: '100 downloads', limit: 100 },
  { label: 'Unlimited', limit: null },
] as const;
