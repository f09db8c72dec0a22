/**
 * How the console writes times: in UTC to the minute, the same for every moderator whatever their
 * time zone (an audit entry read out on the phone means one moment), and ages in whole units.
 */

/** "2026-11-27 14:05 UTC"; the text as given when it is no date. */
export function formatWhen(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** How long ago, from a number of seconds: "45 seconds", "12 minutes", "5 hours", "3 days". */
export function formatAge(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return plural(s, 'second');
  if (s < 3600) return plural(Math.floor(s / 60), 'minute');
  if (s < 86_400) return plural(Math.floor(s / 3600), 'hour');
  return plural(Math.floor(s / 86_400), 'day');
}

/** Seconds from `iso` to `now` (never negative). */
export function secondsSince(iso: string, now: Date = new Date()): number {
  return Math.max(0, (now.getTime() - new Date(iso).getTime()) / 1000);
}

/** A whole number of days from a field, or null when it is not one from 1 to 3650. */
export function parseBlockDays(text: string): number | null {
  if (!/^\d{1,4}$/.test(text.trim())) return null;
  const days = Number(text.trim());
  return days >= 1 && days <= 3650 ? days : null;
}
