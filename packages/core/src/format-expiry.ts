const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * How far away an expiry is, as the texts about it say it: `{ in: "24 hours" }` up to a day,
 * `{ on: Date }` beyond, or null once past (or unreadable). Rounded to the nearest unit, so a file
 * just uploaded for 24 hours reads "24 hours" (not 23, seconds after its upload) and a few seconds
 * of clock difference between server and browser do not change the figure.
 */
export function expiryDistance(
  expiresAt: Date | string,
  now: Date = new Date(),
): { in: string } | { on: Date } | null {
  const expires = typeof expiresAt === 'string' ? new Date(expiresAt) : expiresAt;
  const ms = expires.getTime() - now.getTime();
  if (Number.isNaN(ms) || ms <= 0) return null;
  const minutes = Math.round(ms / MINUTE_MS);
  if (minutes < 60) return { in: count(Math.max(1, minutes), 'minute') };
  const hours = Math.round(ms / HOUR_MS);
  if (hours <= 24) return { in: count(hours, 'hour') };
  return { on: expires };
}

/**
 * Expiry text on the download page: "Expired"; "Expires in N minutes"; "Expires in N
 * hours" up to a day; otherwise the date and time.
 */
export function formatExpiry(expiresAt: Date | string, now: Date = new Date()): string {
  const distance = expiryDistance(expiresAt, now);
  if (!distance) return 'Expired';
  return 'in' in distance ? `Expires in ${distance.in}` : `Expires ${distance.on.toLocaleString()}`;
}
