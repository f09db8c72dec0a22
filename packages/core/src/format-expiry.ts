const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * Expiry text on the download page (spec §2): "Expired"; "Expires in N minutes"; "Expires in N
 * hours" up to a day; otherwise the date and time. Rounded to the nearest unit, so a file just
 * uploaded for 24 hours reads "Expires in 24 hours" (not 23, seconds after its upload) and a few
 * seconds of clock difference between server and browser do not change the figure.
 */
export function formatExpiry(expiresAt: Date | string, now: Date = new Date()): string {
  const expires = typeof expiresAt === 'string' ? new Date(expiresAt) : expiresAt;
  const ms = expires.getTime() - now.getTime();
  if (Number.isNaN(ms) || ms <= 0) return 'Expired';
  const minutes = Math.round(ms / MINUTE_MS);
  if (minutes < 60) return `Expires in ${count(Math.max(1, minutes), 'minute')}`;
  const hours = Math.round(ms / HOUR_MS);
  if (hours <= 24) return `Expires in ${count(hours, 'hour')}`;
  return `Expires ${expires.toLocaleString()}`;
}
