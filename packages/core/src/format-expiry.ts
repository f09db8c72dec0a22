/**
 * Expiry text on the download page (spec §2): "Expired"; "Expires in N minutes"; "Expires in N
 * hours" when under 24 hours; otherwise the date and time.
 */
export function formatExpiry(expiresAt: Date | string, now: Date = new Date()): string {
  const expires = typeof expiresAt === 'string' ? new Date(expiresAt) : expiresAt;
  const ms = expires.getTime() - now.getTime();
  if (Number.isNaN(ms) || ms <= 0) return 'Expired';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `Expires in ${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Expires in ${hours} hours`;
  return `Expires ${expires.toLocaleString()}`;
}
