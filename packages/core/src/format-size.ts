/**
 * The one way sizes are written, for every reader: the sender's card, the recipient's page, My
 * files, the command line and the server's messages, so a file never has two sizes. Binary
 * multiples under the names people know (1 KB = 1024 bytes).
 */
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
const STEP = 1024;

/**
 * B/KB/MB/GB/TB: whole bytes, then one decimal below 10 and none from 10 up, without a
 * trailing ".0" ("1 MB", "1.5 MB", "20 MB", "512 KB"). A value that rounds up to 1024 moves to the
 * next unit ("1 MB", never "1024 KB").
 */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (unit < UNITS.length - 1 && rounded(value, unit) >= STEP) {
    value /= STEP;
    unit += 1;
  }
  return `${rounded(value, unit)} ${UNITS[unit]}`;
}

/** "X.X MB/s": bytes per second in MB (1048576 bytes), one decimal. */
export function formatSpeed(bytesPerSecond: number): string {
  const perSecond = Number.isFinite(bytesPerSecond) && bytesPerSecond > 0 ? bytesPerSecond : 0;
  return `${(perSecond / STEP ** 2).toFixed(1)} MB/s`;
}

function rounded(value: number, unit: number): number {
  const decimals = unit === 0 || value >= 9.95 ? 0 : 1;
  return Number(value.toFixed(decimals));
}
